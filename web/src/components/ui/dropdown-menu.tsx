import type { ComponentProps } from 'react';
import { DropdownMenu as RadixMenu } from 'radix-ui';

const cx = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(' ');

/**
 * A menu opened by a button — Radix DropdownMenu (`role="menu"`; Enter, Space or ↓ opens it, ↑/↓
 * move, Enter chooses, Escape closes and returns focus to the trigger), styled once here.
 */
export const DropdownMenu = RadixMenu.Root;
/** Use `asChild` with our own button (it keeps its class, label and test id). */
export const DropdownMenuTrigger = RadixMenu.Trigger;
export const DropdownMenuRadioGroup = RadixMenu.RadioGroup;

/** The menu's panel, in a portal, under the trigger's end by default. */
export function DropdownMenuContent({
  className,
  align = 'end',
  sideOffset = 6,
  ...rest
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content className={cx('menu', className)} align={align} sideOffset={sideOffset} {...rest} />
    </RadixMenu.Portal>
  );
}

export function DropdownMenuLabel({ className, ...rest }: ComponentProps<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={cx('menu__label', className)} {...rest} />;
}

export function DropdownMenuSeparator({ className, ...rest }: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={cx('menu__separator', className)} {...rest} />;
}

/** A command (`onSelect`); `asChild` makes a link the item. */
export function DropdownMenuItem({ className, ...rest }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cx('menu__item', className)} {...rest} />;
}

/** One choice of a `DropdownMenuRadioGroup`, with a dot before the chosen one. */
export function DropdownMenuRadioItem({
  className,
  children,
  ...rest
}: ComponentProps<typeof RadixMenu.RadioItem>) {
  return (
    <RadixMenu.RadioItem className={cx('menu__item', className)} {...rest}>
      <span className="menu__mark" aria-hidden="true">
        <RadixMenu.ItemIndicator>●</RadixMenu.ItemIndicator>
      </span>
      {children}
    </RadixMenu.RadioItem>
  );
}
