import { useTranslation } from 'react-i18next';
import type { BookingStaffRow } from '@rian/proto-contracts/bookings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useSendBookingMail } from '../api/bookings';

/** sendMailById: the booking e-mail to the person who booked, in Thai or English. */
export function BookingMailDialog({ row, onClose }: { row: BookingStaffRow; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const send = useSendBookingMail();
  const go = (lang: 'th' | 'en') => send.mutate({ id: row.id, lang });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('bookingsAdmin.mailTitle')}
        description={t('bookingsAdmin.mailText', { email: row.email })}
        closeLabel={t('form.close')}
        className="dialog--narrow"
        data-testid="booking-mail-dialog"
      >
        {send.isError && <Alert>{problemText(send.error, language)}</Alert>}
        {send.data && (
          <Alert tone={send.data.result ? 'success' : 'error'}>
            <span data-testid="booking-mail-done">
              {t(send.data.result ? 'bookingsAdmin.mailSent' : 'bookingsAdmin.mailFailed')}
            </span>
          </Alert>
        )}
        <div className="form__actions">
          <Button
            variant="secondary"
            loading={send.isPending && send.variables?.lang === 'en'}
            onClick={() => go('en')}
            data-testid="booking-mail-en"
          >
            {t('bookingsAdmin.mailEn')}
          </Button>
          <Button
            loading={send.isPending && send.variables?.lang === 'th'}
            onClick={() => go('th')}
            data-testid="booking-mail-th"
          >
            {t('bookingsAdmin.mailTh')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
