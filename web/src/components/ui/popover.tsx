import type { ComponentProps } from 'react';
import { Popover as RadixPopover } from 'radix-ui';

/**
 * A floating panel tied to a trigger or an anchor — Radix Popover (Escape and a click outside
 * close it; focus returns to the trigger). For a combobox, anchor it to the input with
 * `PopoverAnchor` and keep focus in the input (`keepFocus`).
 */
export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;
export const PopoverAnchor = RadixPopover.Anchor;
export const PopoverClose = RadixPopover.Close;

type PopoverContentProps = ComponentProps<typeof RadixPopover.Content> & {
  /** focus stays where it is on open and close (a combobox's input keeps it) */
  keepFocus?: boolean;
};

/** The panel, in a portal, under the trigger's start by default. */
export function PopoverContent({
  className,
  side = 'bottom',
  align = 'start',
  sideOffset = 6,
  keepFocus = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...rest
}: PopoverContentProps) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        className={['popover', className].filter(Boolean).join(' ')}
        side={side}
        align={align}
        sideOffset={sideOffset}
        onOpenAutoFocus={(e) => {
          if (keepFocus) e.preventDefault();
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          if (keepFocus) e.preventDefault();
          onCloseAutoFocus?.(e);
        }}
        {...rest}
      />
    </RadixPopover.Portal>
  );
}
