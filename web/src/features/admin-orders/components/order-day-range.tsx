import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import '../i18n-orders';

/**
 * From / to as Asia/Bangkok days (yyyy-mm-dd, both included): the orders list, its CSV report and
 * the referrers share it. An end before the start is said on the "to" field.
 */
export function OrderDayRange({
  from,
  to,
  onChange,
  testId,
  required = false,
  fromError,
  toError,
}: {
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
  testId: string;
  required?: boolean;
  fromError?: string | null;
  toError?: string | null;
}) {
  const { t } = useTranslation();
  const reversed = Boolean(from && to && to < from);
  return (
    <>
      <TextField
        label={t('ordersAdmin.from')}
        type="date"
        hint={t('ordersAdmin.dayHint')}
        value={from}
        max={to || undefined}
        required={required}
        error={fromError}
        onChange={(e) => onChange({ from: e.target.value })}
        data-testid={`${testId}-from`}
      />
      <TextField
        label={t('ordersAdmin.to')}
        type="date"
        hint={t('ordersAdmin.dayHint')}
        value={to}
        min={from || undefined}
        required={required}
        error={toError ?? (reversed ? t('ordersAdmin.toBeforeFrom') : null)}
        onChange={(e) => onChange({ to: e.target.value })}
        data-testid={`${testId}-to`}
      />
    </>
  );
}

/** Both days set the other way round: nothing to ask the server for. */
export const isReversed = (from: string, to: string) => Boolean(from && to && to < from);
