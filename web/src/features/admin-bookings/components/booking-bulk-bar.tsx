import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useBulkBookings } from '../api/bookings';

type Action = 'wait' | 'confirm';

/**
 * The ticked bookings at once (spec 02 §3 Booking, §7 updateWaitAll / updataConfirmAllBooking):
 * "set to wait" or "confirm", asked first; the server's count of updated bookings is shown. All or
 * nothing: a refusal changes none and stays in the dialog.
 */
export function BookingBulkBar({ ids, onDone }: { ids: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [asking, setAsking] = useState<Action | null>(null);
  const [updated, setUpdated] = useState<number | null>(null);
  const bulk = useBulkBookings();
  const ask = (action: Action) => {
    bulk.reset();
    setUpdated(null);
    setAsking(action);
  };
  return (
    <div
      className="orders-bulk"
      role="group"
      aria-label={t('bookingsAdmin.bulk.label')}
      data-testid="bookings-bulk"
    >
      {updated !== null && (
        <Alert tone="success">
          <span data-testid="bookings-bulk-done">{t('bookingsAdmin.bulk.done', { count: updated })}</span>
        </Alert>
      )}
      {ids.length > 0 && (
        <div className="orders-bulk__row">
          <span className="orders-bulk__count" data-testid="bookings-selected">
            {t('bookingsAdmin.bulk.selected', { count: ids.length })}
          </span>
          <Button variant="secondary" onClick={() => ask('wait')} data-testid="bookings-bulk-wait">
            {t('bookingsAdmin.bulk.wait')}
          </Button>
          <Button onClick={() => ask('confirm')} data-testid="bookings-bulk-confirm">
            {t('bookingsAdmin.bulk.confirm')}
          </Button>
          <Button variant="ghost" onClick={onDone} data-testid="bookings-bulk-clear">
            {t('bookingsAdmin.bulk.clear')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t(asking === 'wait' ? 'bookingsAdmin.bulk.waitTitle' : 'bookingsAdmin.bulk.confirmTitle')}
        description={t(asking === 'wait' ? 'bookingsAdmin.bulk.waitText' : 'bookingsAdmin.bulk.confirmText', {
          count: ids.length,
        })}
        confirmLabel={t(asking === 'wait' ? 'bookingsAdmin.bulk.wait' : 'bookingsAdmin.bulk.confirm')}
        confirmVariant="primary"
        cancelLabel={t('form.cancel')}
        pending={bulk.isPending}
        onConfirm={() =>
          asking &&
          bulk.mutate(
            { action: asking, ids: [...ids] },
            {
              onSuccess: (reply) => {
                setAsking(null);
                setUpdated(reply.updated);
                onDone();
              },
            },
          )
        }
      >
        {bulk.isError && (
          <Alert>
            <span data-testid="bookings-bulk-error">{problemText(bulk.error, language)}</span>
          </Alert>
        )}
      </ConfirmDialog>
    </div>
  );
}
