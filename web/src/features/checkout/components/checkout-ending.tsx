import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Buy-now step 4 (spec 02 §2): groups are joined through the confirmation e-mail, after staff confirm. */
export function JoinGroupStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="checkout-step" data-testid="checkout-group">
      <h3 className="checkout-ending__title">{t('checkout.group.title')}</h3>
      <p>{t('checkout.group.text')}</p>
      <div className="checkout-actions">
        <Button size="lg" autoFocus onClick={onNext} data-testid="checkout-next">
          {t('checkout.next')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The completion (spec 02 §2, §9): registration and payment complete, wait for the order's
 * confirmation, a confirmation e-mail with the group-joining steps within 24 hours; Close.
 */
export function CheckoutDone({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="checkout-step checkout-done" data-testid="checkout-done" role="status">
      <p className="checkout-done__badge" aria-hidden="true">
        ✓
      </p>
      <h3 className="checkout-ending__title">{t('checkout.done.title')}</h3>
      <p>{t('checkout.done.text')}</p>
      <div className="checkout-actions">
        <Button variant="secondary" size="lg" asChild>
          <Link to="/orders" onClick={onClose} data-testid="checkout-my-orders">
            {t('checkout.done.myOrders')}
          </Link>
        </Button>
        <Button size="lg" autoFocus onClick={onClose} data-testid="checkout-close">
          {t('checkout.close')}
        </Button>
      </div>
    </div>
  );
}
