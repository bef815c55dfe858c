import { useTranslation } from 'react-i18next';
import type { OrderPaymentsView } from '@rian/proto-contracts/payments';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatDay, formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';

type Query = { isPending: boolean; isError: boolean; error: unknown; data?: OrderPaymentsView };

/** The slips the buyer sent on an order (newest first per amount due), with staff's answer and note. */
export function OrderSlips({ payments }: { payments: Query }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  if (payments.isError) return <Alert>{problemText(payments.error, language)}</Alert>;
  if (payments.isPending || !payments.data) return <Spinner label={t('slip.loading')} />;
  const slips = payments.data.attempts.flatMap((a) => a.slips.map((s) => ({ ...s, period: a.period })));
  if (slips.length === 0) return <p className="order-muted">{t('slip.none')}</p>;
  return (
    <ul className="my-order-slips" data-testid="my-order-slips">
      {slips.map((s) => (
        <li key={s.id} className="my-order-slip" data-testid={`my-order-slip-${s.id}`}>
          <a href={s.url} target="_blank" rel="noreferrer" className="my-order-slip__thumb">
            <img src={s.url} alt={t('slip.imageAlt')} loading="lazy" />
          </a>
          <div className="my-order-slip__text">
            <span className={`slip-status slip-status--${s.status}`} data-testid="my-order-slip-status">
              {t(`slip.status.${s.status}`)}
            </span>
            <span>
              {s.period ? `${t('slip.period', { period: s.period })} · ` : ''}
              {formatTHB(s.amount)} · {t('slip.paidAt')} {formatDay(s.paymentDate, language)} {s.paymentTime}
            </span>
            {s.note && (
              <span className="my-order-slip__note" data-testid="my-order-slip-note">
                {t('slip.note', { note: s.note })}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
