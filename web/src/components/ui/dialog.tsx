import { useRef, type ComponentProps, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { CloseIcon } from './icons';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type DialogContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> & {
  title: ReactNode;
  /** read by screen readers when the dialog opens */
  description: ReactNode;
  closeLabel: string;
  /** "dialog" (centered card) or "drawer" (a panel from the left, the phone menu) */
  variant?: 'dialog' | 'drawer';
  hideTitle?: boolean;
  /** false: no close button, Escape and clicks outside do nothing (a decision the user must make) */
  dismissible?: boolean;
};

/**
 * A Radix dialog with our overlay, title, description and close button, wired once. On closing,
 * focus goes back to what had it when the dialog opened (Radix does so only for a DialogTrigger: a
 * dialog opened from a plain button or a calendar event would leave a keyboard user at the top).
 */
/** The element that last took focus anywhere on the page (kept for a dialog whose opener vanished). */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined')
  document.addEventListener(
    'focusin',
    (e) => {
      if (e.target instanceof HTMLElement && !e.target.closest('[role="dialog"]')) lastFocused = e.target;
    },
    true,
  );

/** The `data-focus-key` on an opener or inside it (a calendar event's label inside FullCalendar's button). */
function focusKeyOf(element: HTMLElement): string | null {
  return (
    element.getAttribute('data-focus-key') ??
    element.querySelector('[data-focus-key]')?.getAttribute('data-focus-key') ??
    null
  );
}

/**
 * Where focus goes back: the opener, or — when a re-render replaced it while the dialog was open
 * (FullCalendar redraws its events) — the focusable element now carrying the same `data-focus-key`.
 */
function returnTarget({ element, key }: { element: HTMLElement; key: string | null }): HTMLElement | null {
  if (element.isConnected) return element;
  if (!key) return null;
  const again = [...document.querySelectorAll<HTMLElement>('[data-focus-key]')].find(
    (el) => el.getAttribute('data-focus-key') === key,
  );
  return again?.closest<HTMLElement>('a[href], button, [tabindex]') ?? again ?? null;
}

export function DialogContent({
  title,
  description,
  closeLabel,
  variant = 'dialog',
  hideTitle = false,
  dismissible = true,
  className,
  children,
  ...rest
}: DialogContentProps) {
  // as the dialog opens, before focus moves in, what has focus opened it
  const opener = useRef<{ element: HTMLElement; key: string | null } | null>(null);
  const keepOpener = (e: Event) => {
    const active = document.activeElement as HTMLElement | null;
    // a re-render may have replaced the opener between the key press and now: the last focused one
    const element = active && active !== document.body ? active : lastFocused;
    opener.current = element ? { element, key: focusKeyOf(element) } : null;
    rest.onOpenAutoFocus?.(e);
  };
  const returnFocus = (e: Event) => {
    rest.onCloseAutoFocus?.(e);
    const to = opener.current && returnTarget(opener.current);
    if (e.defaultPrevented || !to || to === document.body) return;
    e.preventDefault();
    to.focus();
  };
  const locked = dismissible
    ? {}
    : {
        onEscapeKeyDown: (e: Event) => e.preventDefault(),
        onPointerDownOutside: (e: Event) => e.preventDefault(),
        onInteractOutside: (e: Event) => e.preventDefault(),
      };
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog-overlay" />
      <RadixDialog.Content
        className={[variant, className].filter(Boolean).join(' ')}
        {...locked}
        {...rest}
        onOpenAutoFocus={keepOpener}
        onCloseAutoFocus={returnFocus}
      >
        <div className={`${variant}__header`}>
          <RadixDialog.Title className={hideTitle ? 'sr-only' : `${variant}__title`}>
            {title}
          </RadixDialog.Title>
          {dismissible && (
            <RadixDialog.Close className="icon-btn" aria-label={closeLabel}>
              <CloseIcon />
            </RadixDialog.Close>
          )}
        </div>
        <RadixDialog.Description className={`${variant}__description`}>{description}</RadixDialog.Description>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
