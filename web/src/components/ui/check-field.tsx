import type { InputHTMLAttributes } from 'react';

/** A labelled checkbox (the back office's Y/N flags). */
export function CheckField({
  label,
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }) {
  return (
    <label className={['check', className].filter(Boolean).join(' ')}>
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}
