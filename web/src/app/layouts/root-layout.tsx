import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SessionExpiredDialog } from '@/features/auth/components/session-expired-dialog';
import { useAccountDialogStore } from '@/stores/account-dialog-store';

// The account dialogs (profile, addresses with the Thai address picker) load on first use only.
const AccountDialogs = lazy(() => import('@/features/account/components/account-dialogs'));

/** Around every page: the session-expired dialog and the member's account dialogs. */
export function RootLayout() {
  const accountOpen = useAccountDialogStore((s) => s.open !== null);
  return (
    <>
      <Outlet />
      <SessionExpiredDialog />
      {accountOpen && (
        <Suspense fallback={null}>
          <AccountDialogs />
        </Suspense>
      )}
    </>
  );
}
