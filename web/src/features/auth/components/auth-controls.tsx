import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CrownIcon } from '@/components/ui/icons';
import { useAuthStore } from '@/stores/auth-store';
import type { User } from '@/types/api';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { UserChip } from './user-chip';

/** Header corner: log in / register, or the member's e-mail with status icon (and Member for Premium). */
export function AuthControls() {
  const { t } = useTranslation();
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const openLogin = useAuthDialogStore((s) => s.openLogin);
  const openRegister = useAuthDialogStore((s) => s.openRegister);

  if (!token || !user) {
    return (
      <div className="auth-controls">
        <Button variant="ghost" size="sm" data-testid="open-login" onClick={() => openLogin()}>
          {t('header.login')}
        </Button>
        <Button variant="accent" size="sm" data-testid="open-register" onClick={() => openRegister()}>
          {t('header.register')}
        </Button>
      </div>
    );
  }
  return (
    <div className="auth-controls">
      {user.status === 'Premium' && (
        <Button asChild variant="accent" size="sm">
          <Link to="/member" data-testid="member-link">
            <CrownIcon width={16} height={16} />
            {t('header.member')}
          </Link>
        </Button>
      )}
      <UserMenu user={user} />
    </div>
  );
}

// Radix's menu is a chunk of its own (user-menu), fetched when a member is signed in: visitors never
// load it. Until it arrives the same chip stands in; a click on it opens the menu once loaded.
const LazyUserMenu = lazy(() => import('./user-menu'));

function UserMenu({ user }: { user: User }) {
  const [openOnLoad, setOpenOnLoad] = useState(false);
  return (
    <Suspense
      fallback={
        <UserChip
          user={user}
          aria-haspopup="menu"
          aria-expanded={false}
          onClick={() => setOpenOnLoad(true)}
        />
      }
    >
      <LazyUserMenu user={user} defaultOpen={openOnLoad} />
    </Suspense>
  );
}
