import { type InputHTMLAttributes, type Ref } from 'react';
import { FieldFrame } from './field-frame';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** shown under the input, announced politely; also marks the input invalid */
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** Label + input + hint + error, with the ARIA links between them. */
export function TextField({ label, error, hint, className, ref, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <input ref={ref} {...control} className="field__input" {...input} />}
    </FieldFrame>
  );
}
