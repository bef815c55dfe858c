import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useDownloadOrdersReport } from '../api/orders-report';
import { isReversed, OrderDayRange } from './order-day-range';

/** The CSV report (spec 02 §7 ordersByDate): choose the days, then the file downloads. */
export function OrderReportDialog({
  initialFrom,
  initialTo,
  onClose,
}: {
  initialFrom: string;
  initialTo: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [tried, setTried] = useState(false);
  const download = useDownloadOrdersReport();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!from || !to || isReversed(from, to)) return;
    download.mutate({ from, to }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={t('ordersAdmin.report.title')}
      description={t('ordersAdmin.report.description')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('ordersAdmin.report.download')}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={download.isPending}
      error={download.isError ? problemText(download.error, language) : null}
      testId="orders-report"
    >
      <div className="form__grid">
        <OrderDayRange
          from={from}
          to={to}
          required
          testId="orders-report"
          fromError={tried && !from ? t('ordersAdmin.report.required') : null}
          toError={tried && !to ? t('ordersAdmin.report.required') : null}
          onChange={(changes) => {
            if (changes.from !== undefined) setFrom(changes.from);
            if (changes.to !== undefined) setTo(changes.to);
          }}
        />
      </div>
    </FormDialog>
  );
}
