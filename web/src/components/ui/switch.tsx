import type { ComponentProps } from 'react';
import { Switch as RadixSwitch } from 'radix-ui';

/**
 * An on/off switch — Radix Switch (`role="switch"`, `aria-checked`, Space/Enter toggle). Name it
 * with `aria-label` or `aria-labelledby` (or a `<label htmlFor>`); keep it controlled with
 * `checked` + `onCheckedChange` when the change must be confirmed or saved first.
 */
export function Switch({ className, ...props }: ComponentProps<typeof RadixSwitch.Root>) {
  return (
    <RadixSwitch.Root className={['switch', className].filter(Boolean).join(' ')} {...props}>
      <RadixSwitch.Thumb className="switch__thumb" />
    </RadixSwitch.Root>
  );
}
