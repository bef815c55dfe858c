import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';
import { CheckInRoute } from '@/features/checkin/routes/check-in';

// /checkIn asks visitors to sign in on the page (the QR's link stays in the address); the login
// dialog belongs to auth.
const openLogin = (returnTo: string) => useAuthDialogStore.getState().openLogin('', null, returnTo);

export function AppCheckInRoute() {
  return <CheckInRoute onLogin={openLogin} />;
}
