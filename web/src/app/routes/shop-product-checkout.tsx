import CheckoutDialog from '@/features/checkout/components/checkout-dialog';
import { NoBankAccount } from '@/features/checkout/components/order-placed';
import { BuyerSignIn } from '@/features/auth/components/buyer-sign-in';
import { useProductPrices } from '@/features/catalog/api/get-product-prices';
import { ProductBankAccounts } from '@/features/catalog/components/product-bank-accounts';
import type { Product } from '@/types/api';

/**
 * The product page's checkout, composed here because features never import each other: catalog
 * gives the member's prices and the product's bank accounts, auth the inline sign-in and
 * registration, checkout the order. Loaded on demand (the default export is what React.lazy needs).
 */
export default function ProductCheckout({
  product,
  chosenPriceId,
  onClose,
}: {
  product: Product;
  chosenPriceId: string | null;
  onClose: () => void;
}) {
  const prices = useProductPrices(product.id);
  return (
    <CheckoutDialog
      product={product}
      prices={prices}
      chosenPriceId={chosenPriceId}
      signIn={({ onStageChange, onSignedIn }) => (
        <BuyerSignIn testIdPrefix="checkout" onStageChange={onStageChange} onSignedIn={onSignedIn} />
      )}
      bankAccounts={<ProductBankAccounts productId={product.id} whenNone={<NoBankAccount />} />}
      onClose={onClose}
    />
  );
}
