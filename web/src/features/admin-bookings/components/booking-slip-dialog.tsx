import { useTranslation } from 'react-i18next';
import type { BookingStaffRow } from '@rian/proto-contracts/bookings';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useBookingSlip } from '../api/bookings';

/** A booking's slip at its signed address (asked when opened), large, with the amount and time. */
export function BookingSlipDialog({ row, onClose }: { row: BookingStaffRow; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const slip = useBookingSlip(row.id);
  const name = `${row.name} ${row.lname}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('bookingsAdmin.slipTitle', { name })}
        description={
          row.amount !== null
            ? t('bookingsAdmin.amountAt', {
                amount: formatTHB(row.amount),
                date: row.paymentDate ?? '',
                time: row.paymentTime ?? '',
              })
            : t('bookingsAdmin.slipHint')
        }
        closeLabel={t('form.close')}
        className="dialog--wide"
        data-testid="booking-slip-dialog"
      >
        {slip.isPending && <Spinner label={t('bookingsAdmin.slipLoading')} />}
        {slip.isError && <Alert>{problemText(slip.error, language)}</Alert>}
        {slip.data && (
          <img
            className="slip-large"
            src={slip.data.url}
            alt={t('bookingsAdmin.slipTitle', { name })}
            data-testid="booking-slip-image"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
