import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button } from './button';

/** "Are you sure?" — Radix AlertDialog: focus starts on Cancel, Escape cancels. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  confirmVariant = 'danger',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** 'danger' for a removal (the default); 'primary' for a choice that destroys nothing */
  confirmVariant?: 'danger' | 'primary';
  /** e.g. the server's message after a failed attempt */
  children?: ReactNode;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog--narrow">
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
          {children}
          <div className="form__actions">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button
              variant={confirmVariant}
              loading={pending}
              onClick={onConfirm}
              data-testid="confirm-submit"
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
