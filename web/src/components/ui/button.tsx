import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Slot } from 'radix-ui';

type Variant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'outline-light' | 'danger' | 'facebook';
type Size = 'sm' | 'md' | 'lg';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  /** render the child (e.g. a router Link) with the button's look */
  asChild?: boolean;
  loading?: boolean;
  children?: ReactNode;
};

export function buttonClass(variant: Variant = 'primary', size: Size = 'md', extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  loading = false,
  className,
  type,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root className={buttonClass(variant, size, className)} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={buttonClass(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
