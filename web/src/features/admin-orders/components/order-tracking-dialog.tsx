import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderView } from '@rian/proto-contracts/orders-admin';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { TRACKING_MAX, useSetTracking } from '../api/orders-tracking';

/** The tracking dialog (spec 02 §2): the parcel number of the book sent to the buyer. */
export function OrderTrackingDialog({
  order,
  onClose,
  onSaved,
}: {
  order: Pick<AdminOrderView, 'id' | 'reference' | 'tracking'>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [tracking, setTracking] = useState(order.tracking ?? '');
  const [tried, setTried] = useState(false);
  const save = useSetTracking();
  const value = tracking.trim();
  const fieldError = !value
    ? t('ordersAdmin.report.required')
    : value.length > TRACKING_MAX
      ? t('ordersAdmin.detail.tooLong', { max: TRACKING_MAX })
      : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (fieldError) return;
    save.mutate({ id: order.id, tracking: value }, { onSuccess: onSaved });
  }

  return (
    <FormDialog
      title={t('ordersAdmin.detail.trackingTitle', { reference: order.reference })}
      description={t('ordersAdmin.detail.trackingDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('ordersAdmin.detail.save')}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={save.isPending}
      error={save.isError ? problemText(save.error, language) : null}
      testId="order-tracking"
    >
      <TextField
        label={t('ordersAdmin.detail.tracking')}
        value={tracking}
        maxLength={TRACKING_MAX + 20}
        autoComplete="off"
        error={tried ? fieldError : null}
        onChange={(e) => setTracking(e.target.value)}
        data-testid="order-tracking-input"
      />
    </FormDialog>
  );
}
