import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';
import { MyOrdersRoute } from '@/features/orders/routes/my-orders';

// /orders asks visitors to log in; the login dialog belongs to auth.
const openLogin = () => useAuthDialogStore.getState().openLogin();

export function AppMyOrdersRoute() {
  return <MyOrdersRoute onLogin={openLogin} />;
}
