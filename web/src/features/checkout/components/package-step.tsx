import { useId, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDay, formatTHB } from '@/lib/format';
import type { Message } from '@/lib/message';
import { useMessageText } from '@/hooks/use-message-text';
import { useLanguageStore } from '@/stores/language-store';
import type { Price, PriceLookup, Product } from '@/types/api';
import { useCheckCoupon } from '../api/check-coupon';
import type { OrderAction, OrderDraft } from '../lib/order-draft';
import { CouponDialog, couponProblem } from './coupon-dialog';
import { FeeNote } from './fee-note';

/**
 * Step 1, the package (spec 02 §4): the member's prices of today, the chosen one checked; and the
 * coupon, checked by orders for that price, shown with the discount orders computed, removable.
 */
export function PackageStep({
  product,
  lookup,
  price,
  draft,
  dispatch,
  onNext,
}: {
  product: Product;
  lookup: PriceLookup;
  price: Price;
  draft: OrderDraft;
  dispatch: Dispatch<OrderAction>;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const name = useId();
  const recheck = useCheckCoupon();
  const [couponOpen, setCouponOpen] = useState(false);
  const [notice, setNotice] = useState<Message | null>(null);
  const coupon = draft.coupon;

  function choose(next: Price) {
    dispatch({ type: 'choosePrice', priceId: next.id });
    setNotice(null);
    if (!coupon || next.id === price.id) return;
    // the discount depends on the price: ask orders again for the new one
    recheck.mutate(
      { code: coupon.code, productId: product.id, priceId: next.id },
      {
        onSuccess: (checked) => dispatch({ type: 'applyCoupon', coupon: checked }),
        onError: (error) => {
          dispatch({ type: 'removeCoupon' });
          setNotice({
            key: 'checkout.coupon.dropped',
            values: { code: coupon.code, reason: text(couponProblem(error)) ?? '' },
          });
        },
      },
    );
  }

  return (
    <div className="checkout-step" data-testid="checkout-package">
      <fieldset className="checkout-options">
        <legend className="checkout-options__legend">{t('checkout.package.lead')}</legend>
        {lookup.items.map((item) => {
          const checked = item.id === price.id;
          return (
            <label key={item.id} className={checked ? 'checkout-option is-chosen' : 'checkout-option'}>
              <input
                type="radio"
                name={name}
                value={item.id}
                checked={checked}
                onChange={() => choose(item)}
                data-testid={`checkout-package-${item.id}`}
              />
              <span className="checkout-option__body">
                <span className="checkout-option__head">
                  <span className={`checkout-tag checkout-tag--${item.type}`}>
                    {t(`checkout.package.types.${item.type}`)}
                  </span>
                  {item.id === lookup.preselectedPriceId && (
                    <span className="checkout-tag checkout-tag--badge">
                      {t('checkout.package.preselected')}
                    </span>
                  )}
                </span>
                <span className="checkout-option__title">{item.title}</span>
                <span className="checkout-option__value">{formatTHB(item.value)}</span>
                {item.to && (
                  <span className="checkout-option__detail">
                    {t('checkout.package.until', { day: formatDay(item.to, language) })}
                  </span>
                )}
                <FeeNote waived={item.fee === 'Y'} />
                {item.detail && <span className="checkout-option__detail">{item.detail}</span>}
              </span>
            </label>
          );
        })}
      </fieldset>

      <div className="checkout-coupon">
        {notice && <Alert tone="info">{text(notice)}</Alert>}
        {coupon && !recheck.isPending ? (
          <div className="checkout-coupon__applied" data-testid="checkout-coupon-applied">
            <span>
              <strong>{t('checkout.coupon.applied', { code: coupon.code })}</strong>
              {coupon.name && ` (${coupon.name})`}
              {' · '}
              {t('checkout.coupon.discount', { amount: formatTHB(coupon.discount) })}
              {coupon.points > 0 && ` · ${t('checkout.coupon.points', { points: coupon.points })}`}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => dispatch({ type: 'removeCoupon' })}
              data-testid="checkout-coupon-remove"
            >
              {t('checkout.coupon.remove')}
            </Button>
          </div>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            loading={recheck.isPending}
            onClick={() => setCouponOpen(true)}
            data-testid="checkout-coupon-open"
          >
            {t('checkout.coupon.open')}
          </Button>
        )}
      </div>
      <CouponDialog
        open={couponOpen}
        onOpenChange={setCouponOpen}
        productId={product.id}
        priceId={price.id}
        onApplied={(checked) => {
          setNotice(null);
          dispatch({ type: 'applyCoupon', coupon: checked });
        }}
      />

      <div className="checkout-actions">
        <Button size="lg" onClick={onNext} disabled={recheck.isPending} data-testid="checkout-next">
          {t('checkout.next')}
        </Button>
      </div>
    </div>
  );
}
