import { type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** Label + native select (the phone's own picker) + hint + error, linked like TextField. */
export function SelectField({ label, error, hint, className, ref, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select ref={ref} {...control} className="field__input field__select" {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
