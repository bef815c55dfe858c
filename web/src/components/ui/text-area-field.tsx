import { type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

/** Label + textarea + hint + error, linked like TextField. */
export function TextAreaField({ label, error, hint, className, ref, ...area }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea ref={ref} {...control} className="field__input field__textarea" rows={3} {...area} />
      )}
    </FieldFrame>
  );
}
