import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';

export type ConfirmDeleteProps<T> = {
  target: T | null;
  title: string;
  description: (target: T) => string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (target: T) => Promise<unknown>;
  /** the refusal's `data-testid` */
  errorTestId?: string;
};

/**
 * "Delete …?" for `target` (open while it is not null). Confirming runs `onConfirm`; a refusal
 * stays in the dialog with the server's message, success closes it.
 */
export function ConfirmDelete<T>({
  target,
  title,
  description,
  confirmLabel,
  onClose,
  onConfirm,
  errorTestId = 'confirm-error',
}: ConfirmDeleteProps<T>) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function confirm() {
    if (target === null) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm(target);
      onClose();
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
      title={title}
      description={target === null ? '' : description(target)}
      confirmLabel={confirmLabel}
      cancelLabel={t('form.cancel')}
      pending={pending}
      onConfirm={() => void confirm()}
    >
      {error !== null && (
        <Alert>
          <span data-testid={errorTestId}>{problemText(error, language)}</span>
        </Alert>
      )}
    </ConfirmDialog>
  );
}
