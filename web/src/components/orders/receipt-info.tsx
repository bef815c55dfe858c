import { useTranslation } from 'react-i18next';
import type { OrderView } from '@rian/proto-contracts/orders';
import './i18n';
import './order-view.css';

/** The invoice details given at checkout (receipt Y), or a line saying none was asked for. */
export function ReceiptInfo({
  order,
}: {
  order: Pick<OrderView, 'receipt' | 'receiptType' | 'receiptInfo'>;
}) {
  const { t } = useTranslation();
  const info = order.receiptInfo;
  if (order.receipt !== 'Y' || !info) {
    return <p className="order-muted">{t('orderView.receipt.none')}</p>;
  }
  const address = [info.address, info.subDistrict, info.district, info.province, info.zip]
    .filter(Boolean)
    .join(' ');
  const rows = [
    ['type', t(`orderView.receipt.${info.type}`)],
    ['name', info.name],
    ['taxId', info.taxId],
    ['address', address],
    ['phone', info.phone],
  ] as const;
  return (
    <dl className="order-facts" data-testid="receipt-info">
      {rows
        .filter(([, value]) => Boolean(value))
        .map(([key, value]) => (
          <div key={key}>
            <dt>{t(`orderView.receipt.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
