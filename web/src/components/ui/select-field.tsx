import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** Label + native select (the phone's own picker) + hint + error, linked like TextField. */
export function SelectField({ label, error, hint, className, ref, children, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : null, className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {children}
      </select>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <p id={errorId} className="field__error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
