import { useId, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentType } from '@rian/proto-contracts/orders';
import { PAYMENT_TYPE } from '@rian/proto-contracts/payment-types';
import { usePaymentTypes } from '@/api/get-payment-types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import type { Price, Product } from '@/types/api';
import { useInstallmentPlans } from '../api/get-installment-plans';
import { COIN, INSTALLMENTS, PAYMENT_TYPES, type OrderAction, type OrderDraft } from '../lib/order-draft';
import { checkoutBody } from '../lib/checkout-body';
import { CheckoutQuote } from './checkout-quote';
import { planLabel } from '../lib/plan-label';
import { FeeNote } from './fee-note';
import { ReceiptAddressDialog } from './receipt-address-dialog';

/**
 * Step 3, payment (spec 02 §4): 1 card (fee 3%, struck through when the price waives it), 4 bank
 * transfer (default), 6 coin (only when the product takes coins; no receipt), 8 instalments (only
 * with a plan open to this member today). A type that cannot be used is greyed with the reason.
 * Before ordering the amounts are orders' quote for the choices made (never computed here).
 */
export function PaymentStep({
  product,
  price,
  draft,
  dispatch,
  pending,
  error,
  onBack,
  onConfirm,
}: {
  product: Product;
  price: Price;
  draft: OrderDraft;
  dispatch: Dispatch<OrderAction>;
  pending: boolean;
  error: unknown;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const name = useId();
  const planName = useId();
  const plans = useInstallmentPlans(product.id);
  const openPlans = plans.data?.items ?? [];

  const types = usePaymentTypes();
  const reasonFor = (type: PaymentType): string | null => {
    // payments' list: a type staff switched off (checkout refuses it too)
    if (types.data?.find((pt) => pt.id === type)?.disable === 'Y') return t('checkout.pay.typeDisabled');
    if (type === COIN && product.coinPay !== 'Y') return t('checkout.pay.coinUnavailable');
    if (type === INSTALLMENTS) {
      if (plans.isPending) return t('checkout.pay.plansLoading');
      if (openPlans.length === 0) return t('checkout.pay.noPlan');
    }
    return null;
  };
  const chosenPlanId = draft.planId ?? openPlans[0]?.id ?? null;
  const coinDropsReceipt = draft.paymentType === COIN && draft.receipt.want;
  const receipt = draft.receipt;
  const withReceipt = receipt.want && draft.paymentType !== COIN;
  const [addressOpen, setAddressOpen] = useState(false);

  return (
    <div className="checkout-step" data-testid="checkout-payment">
      <fieldset className="checkout-options">
        <legend className="checkout-options__legend">{t('checkout.pay.title')}</legend>
        {PAYMENT_TYPES.map((type) => {
          const reason = reasonFor(type);
          const checked = draft.paymentType === type;
          const reasonId = `${name}-reason-${type}`;
          return (
            <label
              key={type}
              className={['checkout-option', checked && 'is-chosen', reason && 'is-disabled']
                .filter(Boolean)
                .join(' ')}
            >
              <input
                type="radio"
                name={name}
                value={type}
                checked={checked}
                disabled={reason !== null}
                aria-describedby={reason ? reasonId : undefined}
                onChange={() => dispatch({ type: 'pay', paymentType: type })}
                data-testid={`checkout-pay-${type}`}
              />
              <span className="checkout-option__body">
                <span className="checkout-option__title">{t(`checkout.pay.types.${type}.title`)}</span>
                <span className="checkout-option__detail">{t(`checkout.pay.types.${type}.detail`)}</span>
                {type === PAYMENT_TYPE.card && <FeeNote waived={price.fee === 'Y'} />}
                {type === INSTALLMENTS && openPlans.length === 1 && (
                  <span className="checkout-option__detail" data-testid="checkout-plan">
                    {planLabel(openPlans[0]!, (p) => t('checkout.pay.plan', p))}
                  </span>
                )}
                {reason && (
                  <span className="checkout-option__reason" id={reasonId}>
                    {reason}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>

      {draft.paymentType === INSTALLMENTS && openPlans.length > 1 && (
        <fieldset className="checkout-choice">
          <legend className="checkout-choice__legend">{t('checkout.pay.choosePlan')}</legend>
          {openPlans.map((plan) => (
            <label key={plan.id} className="checkout-choice__item">
              <input
                type="radio"
                name={planName}
                checked={plan.id === chosenPlanId}
                onChange={() => dispatch({ type: 'plan', planId: plan.id })}
                data-testid={`checkout-plan-${plan.id}`}
              />
              {planLabel(plan, (p) => t('checkout.pay.plan', p))}
            </label>
          ))}
        </fieldset>
      )}

      {coinDropsReceipt && (
        <Alert tone="info">
          <span data-testid="checkout-coin-no-receipt">{t('checkout.pay.coinNoReceipt')}</span>
        </Alert>
      )}

      <section className="checkout-summary" aria-labelledby={`${name}-summary`}>
        <h3 className="checkout-summary__title" id={`${name}-summary`}>
          {t('checkout.summary.title')}
        </h3>
        <dl className="checkout-summary__list" data-testid="checkout-summary">
          <div>
            <dt>{t('checkout.summary.product')}</dt>
            <dd>{product.title}</dd>
          </div>
          <div>
            <dt>{t('checkout.summary.package')}</dt>
            <dd>{price.title}</dd>
          </div>
          <div>
            <dt>{t('checkout.summary.price')}</dt>
            <dd data-testid="checkout-summary-price">{formatTHB(price.value)}</dd>
          </div>
          {draft.coupon && (
            <div>
              <dt>
                {t('checkout.summary.discount')} ({draft.coupon.code})
              </dt>
              <dd data-testid="checkout-summary-discount">{formatTHB(-draft.coupon.discount)}</dd>
            </div>
          )}
          <div>
            <dt>{t('checkout.summary.receipt')}</dt>
            <dd>
              <span data-testid="checkout-summary-receipt">
                {!withReceipt
                  ? t('checkout.summary.receiptNone')
                  : receipt.type === 'company'
                    ? t('checkout.summary.receiptCompany', { name: receipt.name.trim() })
                    : t('checkout.summary.receiptPerson', { name: receipt.name.trim() })}
              </span>
              {withReceipt && (
                <button
                  type="button"
                  className="link-btn checkout-summary__view"
                  onClick={() => setAddressOpen(true)}
                  data-testid="checkout-address-view"
                >
                  {t('checkout.address.view')}
                </button>
              )}
            </dd>
          </div>
        </dl>
        <CheckoutQuote body={checkoutBody(product, price, draft)} />
        <p className="checkout-summary__note">{t('checkout.summary.note')}</p>
      </section>
      <ReceiptAddressDialog receipt={receipt} open={addressOpen} onOpenChange={setAddressOpen} />

      {error != null && <Alert>{problemText(error, language)}</Alert>}

      <div className="checkout-actions">
        <Button variant="secondary" size="lg" onClick={onBack} disabled={pending}>
          {t('checkout.back')}
        </Button>
        <Button
          size="lg"
          variant="accent"
          loading={pending}
          onClick={onConfirm}
          data-testid="checkout-confirm"
        >
          {t('checkout.summary.confirm')}
        </Button>
      </div>
    </div>
  );
}
