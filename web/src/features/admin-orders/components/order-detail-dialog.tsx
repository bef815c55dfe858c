import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderView } from '@rian/proto-contracts/orders-admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { InstallmentSchedule } from '@/components/orders/installment-schedule';
import { OrderAmounts } from '@/components/orders/order-amounts';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { ReceiptInfo } from '@/components/orders/receipt-info';
import { formatDateTime, formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useCancelOrder } from '../api/orders-cancel';
import { useIssueCertificate } from '../api/orders-certificate';
import { useAdminOrder } from '../api/orders-detail';
import { useDownloadOrderDocument } from '../api/orders-document';
import { BookAddressText } from './book-address';
import { OrderTrackingDialog } from './order-tracking-dialog';

type Done = 'tracking' | 'certificate' | 'cancelled' | null;

/** One order in the back office: facts, lines, amounts, invoice, schedule, and what staff may do. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const order = useAdminOrder(orderId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={
          order.data
            ? t('ordersAdmin.detail.title', { reference: order.data.reference })
            : t('ordersAdmin.detail.loadingTitle')
        }
        description={
          order.data ? (order.data.productTitle ?? order.data.userEmail ?? '') : t('admin.loading')
        }
        closeLabel={t('form.close')}
        className="dialog--wide"
        data-testid="order-detail"
      >
        {order.isPending && <Spinner label={t('admin.loading')} />}
        {order.isError && <Alert>{problemText(order.error, language)}</Alert>}
        {order.data && <OrderDetail order={order.data} />}
      </DialogContent>
    </Dialog>
  );
}

function OrderDetail({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const scheduleTitle = useId();
  const none = t('ordersAdmin.none');
  const facts: [string, ReactNode][] = [
    [t('ordersAdmin.detail.orderNo'), order.orderNo],
    [t('ordersAdmin.detail.createdAt'), formatDateTime(order.createdAt, language)],
    [t('ordersAdmin.detail.buyer'), order.userEmail ?? order.userId],
    [t('ordersAdmin.detail.product'), order.productTitle ?? order.productId ?? none],
    [t('ordersAdmin.detail.paymentType'), t(`orderView.paymentType.${order.paymentType}`)],
    [
      t('ordersAdmin.detail.status'),
      <OrderStatusBadge key="s" status={order.status} testId="order-status" />,
    ],
    [t('ordersAdmin.detail.invite'), order.invite ?? none],
    [
      t('ordersAdmin.detail.coupon'),
      <span key="c" data-testid="order-coupon">
        {order.couponCode ?? none}
      </span>,
    ],
    [t('ordersAdmin.detail.receipt'), order.receipt === 'Y' ? t('ordersAdmin.yes') : t('ordersAdmin.no')],
    [t('ordersAdmin.detail.book'), t(`ordersAdmin.book.${order.bookSend}`)],
    [
      t('ordersAdmin.bookAddress.label'),
      <BookAddressText key="ba" address={order.bookAddress} testId="order-book-address" />,
    ],
    [
      t('ordersAdmin.detail.tracking'),
      <span key="tr" data-testid="order-tracking-value">
        {order.tracking ?? none}
        {order.tracking && order.trackingBy && (
          <span className="table__sub">{t('ordersAdmin.detail.trackingBy', { by: order.trackingBy })}</span>
        )}
      </span>,
    ],
    [
      t('ordersAdmin.detail.certificate'),
      <span key="c" data-testid="order-certificate">
        {order.certificate === 'Y'
          ? t('ordersAdmin.detail.certificateIssued')
          : t('ordersAdmin.detail.certificateNotIssued')}
      </span>,
    ],
  ];
  return (
    <div className="order-detail">
      <dl className="order-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <OrderActions order={order} />
      <section className="order-section">
        <h3 className="order-section__title">{t('ordersAdmin.detail.lines')}</h3>
        <div className="order-table-wrap">
          <table className="order-table" data-testid="order-lines">
            <thead>
              <tr>
                <th scope="col">{t('ordersAdmin.detail.product')}</th>
                <th scope="col" className="order-table__num">
                  {t('ordersAdmin.detail.linePrice')}
                </th>
                <th scope="col" className="order-table__num">
                  {t('ordersAdmin.detail.lineDiscount')}
                </th>
                <th scope="col" className="order-table__num">
                  {t('ordersAdmin.detail.lineNet')}
                </th>
                <th scope="col" className="order-table__num">
                  {t('ordersAdmin.detail.lineCoin')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.details.map((line) => (
                <tr key={`${line.productId}-${line.priceId}`}>
                  <td>
                    {line.productId === order.productId && order.productTitle
                      ? order.productTitle
                      : line.productId}
                  </td>
                  <td className="order-table__num">{formatTHB(line.price)}</td>
                  <td className="order-table__num">{formatTHB(line.discount)}</td>
                  <td className="order-table__num">{formatTHB(line.net)}</td>
                  <td className="order-table__num">{line.coin}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <div className="order-detail__columns">
        <section className="order-section">
          <h3 className="order-section__title">{t('orderView.amounts.title')}</h3>
          <OrderAmounts order={order} testId="order-amounts" />
        </section>
        <section className="order-section">
          <h3 className="order-section__title">{t('orderView.receipt.title')}</h3>
          <ReceiptInfo order={order} />
        </section>
      </div>
      <section className="order-section">
        <h3 className="order-section__title" id={scheduleTitle}>
          {t('orderView.installments.title')}
        </h3>
        <InstallmentSchedule installments={order.installments} titleId={scheduleTitle} />
      </section>
    </div>
  );
}

function OrderActions({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [done, setDone] = useState<Done>(null);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'certificate' | 'cancel' | null>(null);
  const certificate = useIssueCertificate();
  const cancel = useCancelOrder();
  const download = useDownloadOrderDocument();
  const failure = confirm === 'certificate' ? certificate.error : confirm === 'cancel' ? cancel.error : null;

  return (
    <section className="order-section" aria-label={t('ordersAdmin.detail.actions')}>
      {done && (
        <Alert tone="success">
          <span data-testid="order-done">
            {done === 'tracking'
              ? t('ordersAdmin.detail.trackingSaved')
              : done === 'certificate'
                ? t('ordersAdmin.detail.certificateDone')
                : t('ordersAdmin.detail.cancelled')}
          </span>
        </Alert>
      )}
      {download.isError && <Alert>{problemText(download.error, language)}</Alert>}
      <div className="order-detail__buttons">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setEditing(true)}
          data-testid="order-edit-tracking"
        >
          {order.tracking ? t('ordersAdmin.detail.editTracking') : t('ordersAdmin.detail.addTracking')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={order.certificate === 'Y'}
          onClick={() => {
            certificate.reset();
            setConfirm('certificate');
          }}
          data-testid="order-issue-certificate"
        >
          {t('ordersAdmin.detail.issueCertificate')}
        </Button>
        {/* a cancelled order has no document (orders answers 409) */}
        {order.status !== 'not' && (
          <Button
            variant="secondary"
            size="sm"
            loading={download.isPending}
            onClick={() => download.mutate({ id: order.id, reference: order.reference })}
            data-testid="order-download"
          >
            {t('ordersAdmin.detail.download')}
          </Button>
        )}
        {order.status === 'wait' && (
          <Button
            variant="danger"
            size="sm"
            onClick={() => {
              cancel.reset();
              setConfirm('cancel');
            }}
            data-testid="order-cancel"
          >
            {t('ordersAdmin.detail.cancel')}
          </Button>
        )}
      </div>
      {editing && (
        <OrderTrackingDialog
          order={order}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setDone('tracking');
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm === 'cancel'
            ? t('ordersAdmin.detail.cancelTitle')
            : t('ordersAdmin.detail.certificateTitle')
        }
        description={
          confirm === 'cancel'
            ? t('ordersAdmin.detail.cancelText', { reference: order.reference, net: formatTHB(order.net) })
            : t('ordersAdmin.detail.certificateText', { reference: order.reference })
        }
        confirmLabel={
          confirm === 'cancel' ? t('ordersAdmin.detail.cancelConfirm') : t('ordersAdmin.detail.confirm')
        }
        cancelLabel={confirm === 'cancel' ? t('ordersAdmin.detail.keep') : t('form.cancel')}
        pending={certificate.isPending || cancel.isPending}
        onConfirm={() => {
          const after = (what: Done) => () => {
            setConfirm(null);
            setDone(what);
          };
          if (confirm === 'cancel') cancel.mutate(order.reference, { onSuccess: after('cancelled') });
          else certificate.mutate(order.id, { onSuccess: after('certificate') });
        }}
      >
        {failure && <Alert>{problemText(failure, language)}</Alert>}
      </ConfirmDialog>
    </section>
  );
}
