import { useId, type Ref, type TextareaHTMLAttributes } from 'react';

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

/** Label + textarea + hint + error, linked like TextField. */
export function TextAreaField({ label, error, hint, className, ref, ...area }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : null, className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className="field__input field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        rows={3}
        {...area}
      />
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
