import { lazy, Suspense, useState } from 'react';
import { useAuthDialogStore } from '../stores/auth-dialog-store';

// the four sign-in dialogs (and Radix's dialog, form and popover code) are a chunk of their own,
// fetched the first time one of them opens: a visitor who only looks at the shop never loads them
const Dialogs = lazy(() => import('./auth-dialogs-all'));

/** The sign-in dialogs of the public shell, mounted from the first time one opens. */
export function AuthDialogs() {
  const open = useAuthDialogStore((s) => s.open !== null);
  const [wanted, setWanted] = useState(open);
  // once wanted, kept mounted (a closing dialog animates out; reopening is instant)
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialogs />
    </Suspense>
  );
}
