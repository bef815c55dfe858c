import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@rian/proto-contracts/orders';
import { PAYMENT_TYPE, paysBySlip } from '@rian/proto-contracts/payment-types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InstallmentSchedule } from '@/components/orders/installment-schedule';
import { OrderAmounts } from '@/components/orders/order-amounts';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { PayLinks } from '@/components/orders/pay-links';
import { ReceiptInfo } from '@/components/orders/receipt-info';
import { formatDateTime, formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useCancelOrder } from '../api/cancel-order';
import { useDownloadOrderDocument } from '../api/download-order-document';
import { useSlipPayments } from '../api/slip-payments';
import { OrderSlips } from './order-slips';
import { PayButton } from './pay-button';
import { SlipDialog } from './slip-dialog';

/** One of the member's orders: the summary line, and on demand its amounts, invoice and schedule. */
export function OrderCard({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const scheduleTitleId = useId();
  // bank transfer (4) and instalments (8) are paid by slip (spec 02 §4); a waiting order gets the action:
  // for instalments that is the first one, paid with the order (its row has no pay button of its own)
  const bySlip = paysBySlip(order.paymentType) && order.status !== 'not';
  const canAttach = bySlip && order.status === 'wait';
  const payments = useSlipPayments(order.id, { enabled: bySlip && (open || canAttach) });
  const attempts = payments.data?.attempts ?? [];
  // nothing left to pay by slip while one waits for staff (the server answers 409 anyway)
  const slipWaiting = attempts.some((a) => a.status === 'wait');
  const [paying, setPaying] = useState<{ period: number | null } | null>(null);
  const [sent, setSent] = useState(false);
  return (
    <li className="my-order" data-testid={`my-order-${order.reference}`}>
      <div className="my-order__summary">
        <div className="my-order__head">
          <span className="my-order__ref">
            <span className="sr-only">{t('myOrders.reference')} </span>
            {order.reference}
          </span>
          <OrderStatusBadge status={order.status} testId="my-order-status" />
        </div>
        <p className="my-order__product">{order.productTitle ?? t('myOrders.unknownProduct')}</p>
        <dl className="my-order__facts">
          <div>
            <dt>{t('myOrders.orderedAt')}</dt>
            <dd>{formatDateTime(order.createdAt, language)}</dd>
          </div>
          <div>
            <dt>{t('myOrders.paymentType')}</dt>
            <dd>{t(`orderView.paymentType.${order.paymentType}`)}</dd>
          </div>
          <div>
            <dt>{t('myOrders.net')}</dt>
            <dd className="my-order__net" data-testid="my-order-net">
              {formatTHB(order.net)}
            </dd>
          </div>
        </dl>
        <Button
          variant="secondary"
          size="sm"
          className="my-order__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={open ? undefined : t('myOrders.showOf', { reference: order.reference })}
          onClick={() => setOpen((v) => !v)}
          data-testid="my-order-toggle"
        >
          {open ? t('myOrders.hide') : t('myOrders.show')}
        </Button>
        {canAttach && (
          <Button
            size="sm"
            className="my-order__attach"
            disabled={slipWaiting}
            aria-label={t('slip.attachOf', { reference: order.reference })}
            onClick={() => setPaying({ period: order.paymentType === PAYMENT_TYPE.installments ? 1 : null })}
            data-testid="my-order-attach-slip"
          >
            {slipWaiting ? t('slip.status.wait') : t('slip.attach')}
          </Button>
        )}
        {/* a card order still waiting: its payment pages (the ref comes with the buyer's payments view) */}
        {order.status === 'wait' && order.paymentType === PAYMENT_TYPE.card && (
          <PayLinks orderId={order.id} paymentType={order.paymentType} />
        )}
      </div>
      <div id={detailsId} className="my-order__details" hidden={!open}>
        {open && (
          <>
            <section className="order-section">
              <h3 className="order-section__title">{t('orderView.amounts.title')}</h3>
              <OrderAmounts order={order} testId="my-order-amounts" />
            </section>
            <section className="order-section">
              <h3 className="order-section__title">{t('orderView.receipt.title')}</h3>
              <ReceiptInfo order={order} />
            </section>
            {(order.paymentType === PAYMENT_TYPE.installments || order.installments.length > 0) && (
              <section className="order-section">
                <h3 className="order-section__title" id={scheduleTitleId}>
                  {t('orderView.installments.title')}
                </h3>
                <InstallmentSchedule
                  installments={order.installments}
                  titleId={scheduleTitleId}
                  action={(row, index, all) => (
                    <PayButton
                      schedule={all}
                      index={index}
                      waiting={attempts.some((a) => a.period === row.period && a.status === 'wait')}
                      onPay={(period) => setPaying({ period })}
                    />
                  )}
                />
              </section>
            )}
            {bySlip && (
              <section className="order-section">
                <h3 className="order-section__title">{t('slip.sectionTitle')}</h3>
                <OrderSlips payments={payments} />
                {/* or pay the amount due by PromptPay QR */}
                {canAttach && <PayLinks orderId={order.id} paymentType={order.paymentType} />}
              </section>
            )}
            <OrderActions order={order} />
          </>
        )}
      </div>
      {sent && (
        <Alert tone="success">
          <span data-testid="my-order-slip-sent">{t('slip.sent')}</span>
        </Alert>
      )}
      {paying && (
        <SlipDialog
          orderId={order.id}
          reference={order.reference}
          period={paying.period}
          onClose={() => setPaying(null)}
          onSent={() => {
            setPaying(null);
            setSent(true);
            setOpen(true);
          }}
        />
      )}
    </li>
  );
}

function OrderActions({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const download = useDownloadOrderDocument();
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="my-order__actions">
      {download.isError && <Alert>{problemText(download.error, language)}</Alert>}
      {cancel.isSuccess && (
        <Alert tone="success">{t('myOrders.cancelled', { reference: order.reference })}</Alert>
      )}
      <div className="my-order__buttons">
        {/* a cancelled order has no document (orders answers 409) */}
        {order.status !== 'not' && (
          <>
            <Button
              variant="secondary"
              size="sm"
              loading={download.isPending}
              onClick={() => download.mutate({ id: order.id, reference: order.reference })}
              data-testid="my-order-download"
            >
              {t('myOrders.download')}
            </Button>
            <span className="my-order__hint">{t(`myOrders.downloadHint.${order.status}`)}</span>
          </>
        )}
        {order.status === 'wait' && (
          <Button
            variant="danger"
            size="sm"
            onClick={() => {
              cancel.reset();
              setConfirming(true);
            }}
            data-testid="my-order-cancel"
          >
            {t('myOrders.cancel')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('myOrders.cancelTitle')}
        description={t('myOrders.cancelText', { reference: order.reference })}
        confirmLabel={t('myOrders.cancelConfirm')}
        cancelLabel={t('myOrders.keep')}
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate(order.reference, { onSuccess: () => setConfirming(false) })}
      >
        {cancel.isError && <Alert>{problemText(cancel.error, language)}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
