import { useTranslation } from 'react-i18next';
import type { OrderView } from '@rian/proto-contracts/orders';
import { formatTHB } from '@/lib/format';
import './i18n';
import './order-view.css';

type Amounts = Pick<OrderView, 'total' | 'discount' | 'vat' | 'fee' | 'withholding' | 'net'>;

/**
 * The order's amounts as orders stored them (never recomputed here): price − discount + card fee
 * − withholding = net; the VAT is the part of the price that is tax, shown for the invoice.
 */
export function OrderAmounts({ order, testId }: { order: Amounts; testId?: string }) {
  const { t } = useTranslation();
  const rows = [
    ['total', formatTHB(order.total)],
    ['discount', order.discount > 0 ? formatTHB(-order.discount) : formatTHB(0)],
    ['vat', formatTHB(order.vat)],
    ['fee', formatTHB(order.fee)],
    ['withholding', order.withholding > 0 ? formatTHB(-order.withholding) : formatTHB(0)],
  ] as const;
  return (
    <dl className="order-amounts" data-testid={testId}>
      {rows.map(([key, text]) => (
        <div key={key} className="order-amounts__row" data-testid={testId ? `${testId}-${key}` : undefined}>
          <dt>{t(`orderView.amounts.${key}`)}</dt>
          <dd>{text}</dd>
        </div>
      ))}
      <div
        className="order-amounts__row order-amounts__row--net"
        data-testid={testId ? `${testId}-net` : undefined}
      >
        <dt>{t('orderView.amounts.net')}</dt>
        <dd>{formatTHB(order.net)}</dd>
      </div>
    </dl>
  );
}
