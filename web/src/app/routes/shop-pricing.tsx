import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';
import { PricingRoute } from '@/features/catalog/routes/pricing';

// /pricing prompts visitors to log in for member prices; the login dialog belongs to auth.
const openLogin = () => useAuthDialogStore.getState().openLogin();

export function ShopPricingRoute() {
  return <PricingRoute onLogin={openLogin} />;
}
