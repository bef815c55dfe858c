import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSlipCounts } from '../api/get-slip-counts';
import { useLiveSlipCounts } from '../api/live-slip-counts';

/**
 * Spec 01 §2 admin layout: the top bar's count of payments waiting for confirmation (transfer slips
 * sent, not yet reviewed) → /admin/ordersConfirm. Updated live from the gateway's stream; polled
 * as well (slowly while the stream is live).
 */
export function OrdersWaitingBadge() {
  const { t } = useTranslation();
  const live = useLiveSlipCounts();
  const counts = useSlipCounts(live);
  if (!counts.data) return null;
  const count = counts.data.wait;
  return (
    <Link
      to="/admin/ordersConfirm"
      className={`admin-waiting${count > 0 ? ' admin-waiting--due' : ''}`}
      aria-label={t('admin.ordersWaitingLabel', { count })}
      title={t('admin.ordersWaitingLabel', { count })}
      data-testid="orders-waiting"
    >
      {/* the space keeps the visible text ("รอยืนยัน 3") words of the name (axe: label-content-name-mismatch) */}
      <span aria-hidden="true">{t('admin.ordersWaiting')}</span>{' '}
      <span className="admin-waiting__count" aria-hidden="true" data-testid="orders-waiting-count">
        {count}
      </span>
    </Link>
  );
}
