import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';
import { ProductRoute } from '@/features/catalog/routes/product';

// The product page prompts visitors to log in for member prices; the login dialog belongs to auth.
const openLogin = () => useAuthDialogStore.getState().openLogin();

export function ShopProductRoute() {
  return <ProductRoute onLogin={openLogin} />;
}
