import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';
import { ProductRoute, type BuyChoice } from '@/features/catalog/routes/product';
import { useKeepInvite } from '@/features/checkout/lib/invite';
import { ownsProduct, useMyEnrolments } from '@/features/member/api/my-enrolments';

// The product page prompts visitors to log in for member prices; the login dialog belongs to auth.
const openLogin = () => useAuthDialogStore.getState().openLogin();

// Checkout (with auth's inline registration) is its own chunk, fetched when "buy now" is pressed —
// or a moment earlier, when the pointer or focus reaches the button.
const loadCheckout = () => import('./shop-product-checkout');
const ProductCheckout = lazy(loadCheckout);

export function ShopProductRoute() {
  // a referrer's ?invite= is kept for the order, whatever happens before it (sign-in, registration)
  useKeepInvite();
  return <ProductRoute onLogin={openLogin} buyNow={(choice) => <BuyNow {...choice} />} />;
}

/** "Buy now" (spec 02 §2): the order dialog for a member, the buy-now stepper for a visitor. */
function BuyNow({ product, price }: BuyChoice) {
  const { t } = useTranslation();
  // each opening is a new checkout (and a new idempotency key)
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <AlreadyOwned productId={product.id} />
      <Button
        variant="accent"
        size="lg"
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
        onPointerEnter={() => void loadCheckout()}
        onFocus={() => void loadCheckout()}
        aria-haspopup="dialog"
        data-testid="buy-now"
      >
        {t('shop.buy.button')}
      </Button>
      {open && (
        <Suspense fallback={<Spinner label={t('shop.loading')} />}>
          <ProductCheckout
            key={opening}
            product={product}
            chosenPriceId={price?.id ?? null}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * A member who already holds this product's courses is told so before buying again (learning's
 * enrolments); buying stays possible (a gift, a second seat).
 */
function AlreadyOwned({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const enrolments = useMyEnrolments();
  if (!enrolments.data || !ownsProduct(enrolments.data.items, { id: productId })) return null;
  return (
    <div className="shop-owned" data-testid="already-owned">
      <Alert tone="info">{t('shop.buy.alreadyOwned')}</Alert>
    </div>
  );
}
