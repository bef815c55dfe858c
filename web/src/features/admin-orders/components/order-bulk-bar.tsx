import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/select-field';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { BOOK_FLAGS, useBookDispatch, type BookFlag } from '../api/orders-book-dispatch';

/**
 * The book dispatch flag for the ticked orders at once (spec 02 §4, ordersUpdataListBookSend):
 * choose Y / N / C, confirm, and the server's count of updated orders is shown. All or nothing: a
 * refusal (an unknown order) changes none and stays in the dialog.
 */
export function OrderBulkBar({ ids, onDone }: { ids: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [flag, setFlag] = useState<BookFlag>('Y');
  const [confirming, setConfirming] = useState(false);
  const [updated, setUpdated] = useState<number | null>(null);
  const dispatch = useBookDispatch();

  return (
    <div
      className="orders-bulk"
      role="group"
      aria-label={t('ordersAdmin.bulk.label')}
      data-testid="orders-bulk"
    >
      {updated !== null && (
        <Alert tone="success">
          <span data-testid="orders-bulk-done">{t('ordersAdmin.bulk.done', { count: updated })}</span>
        </Alert>
      )}
      {ids.length > 0 && (
        <div className="orders-bulk__row">
          <span className="orders-bulk__count" data-testid="orders-selected">
            {t('ordersAdmin.bulk.selected', { count: ids.length })}
          </span>
          <SelectField
            label={t('ordersAdmin.bulk.flag')}
            value={flag}
            onChange={(e) => setFlag(e.target.value as BookFlag)}
            data-testid="orders-bulk-flag"
          >
            {BOOK_FLAGS.map((f) => (
              <option key={f} value={f}>
                {t(`ordersAdmin.book.${f}`)}
              </option>
            ))}
          </SelectField>
          <Button
            onClick={() => {
              dispatch.reset();
              setUpdated(null);
              setConfirming(true);
            }}
            data-testid="orders-bulk-apply"
          >
            {t('ordersAdmin.bulk.apply')}
          </Button>
          <Button variant="ghost" onClick={onDone} data-testid="orders-bulk-clear">
            {t('ordersAdmin.bulk.clear')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('ordersAdmin.bulk.confirmTitle')}
        description={t('ordersAdmin.bulk.confirmText', {
          flag: t(`ordersAdmin.book.${flag}`),
          count: ids.length,
        })}
        confirmLabel={t('ordersAdmin.bulk.confirm')}
        cancelLabel={t('form.cancel')}
        pending={dispatch.isPending}
        onConfirm={() =>
          dispatch.mutate(
            { ids: [...ids], status: flag },
            {
              onSuccess: (reply) => {
                setConfirming(false);
                setUpdated(reply.updated);
                onDone();
              },
            },
          )
        }
      >
        {dispatch.isError && <Alert>{problemText(dispatch.error, language)}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
