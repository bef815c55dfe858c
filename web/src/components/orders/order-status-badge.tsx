import { useTranslation } from 'react-i18next';
import type { OrderStatus } from './order-labels';
import './i18n';
import './order-view.css';

/** wait / paid / not, in words, coloured by how it stands. */
export function OrderStatusBadge({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`order-badge order-badge--${status}`} data-status={status} data-testid={testId}>
      {t(`orderView.status.${status}`)}
    </span>
  );
}
