import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { fromFieldError, type Message } from '@/lib/message';
import { required } from '@/lib/validation';
import { useMessageText } from '@/hooks/use-message-text';
import { useCheckCoupon, type CouponCheck } from '../api/check-coupon';

/** What a refused coupon says: the server's words for `code` if it named the field, else its message. */
export function couponProblem(error: unknown): Message {
  if (!isApiError(error)) return { key: 'error.title' };
  const field = error.fieldErrors().code;
  return field ? fromFieldError(field) : { error };
}

/**
 * "Add coupon" (spec 02 §2, width 600): the code is checked against this product and price by
 * orders; a refusal shows the server's Thai message under the field (spec 02 §5, §8).
 */
export function CouponDialog({
  open,
  onOpenChange,
  productId,
  priceId,
  onApplied,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productId: string;
  priceId: string;
  onApplied: (coupon: CouponCheck) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={t('checkout.coupon.title')}
          description={t('checkout.coupon.description')}
          closeLabel={t('checkout.close')}
          className="coupon-dialog"
          data-testid="checkout-coupon-dialog"
        >
          <CouponForm
            productId={productId}
            priceId={priceId}
            onCancel={() => onOpenChange(false)}
            onApplied={(coupon) => {
              onApplied(coupon);
              onOpenChange(false);
            }}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function CouponForm({
  productId,
  priceId,
  onCancel,
  onApplied,
}: {
  productId: string;
  priceId: string;
  onCancel: () => void;
  onApplied: (coupon: CouponCheck) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const check = useCheckCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<Message | null>(null);

  function onSubmit(event: FormEvent) {
    // the coupon form sits inside the checkout dialog's tree: keep its submit to itself
    event.preventDefault();
    event.stopPropagation();
    const missing = required(code);
    if (missing) {
      setError({ key: missing });
      return;
    }
    check.mutate(
      { code: code.trim(), productId, priceId },
      { onSuccess: onApplied, onError: (e) => setError(couponProblem(e)) },
    );
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <TextField
        label={t('checkout.coupon.code')}
        autoFocus
        autoComplete="off"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        error={text(error)}
        data-testid="checkout-coupon-code"
      />
      <div className="form__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('checkout.back')}
        </Button>
        <Button type="submit" loading={check.isPending} data-testid="checkout-coupon-apply">
          {t('checkout.coupon.apply')}
        </Button>
      </div>
    </form>
  );
}
