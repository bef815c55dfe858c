import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  ChevronDownIcon,
  CrownIcon,
  LogoutIcon,
  MapPinIcon,
  ReceiptIcon,
  UserIcon,
} from '@/components/ui/icons';
import { useAuthStore } from '@/stores/auth-store';
import { useAccountDialogStore } from '@/stores/account-dialog-store';
import type { User } from '@/types/api';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { useLogout } from '../api/logout';
import { UserStatusIcon } from './user-status-icon';

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

function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const openProfile = useAccountDialogStore((s) => s.openProfile);
  const openAddresses = useAccountDialogStore((s) => s.openAddresses);
  const openPassword = useAuthDialogStore((s) => s.openPassword);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" className="user-chip" data-testid="user-menu">
          <UserStatusIcon status={user.status} />
          <span className="user-chip__email">{user.email}</span>
          <ChevronDownIcon width={16} height={16} />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          {t('header.signedInAs')}
          <strong className="menu__email">{user.email}</strong>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="open-profile" onSelect={openProfile}>
          <UserIcon width={16} height={16} />
          {t('header.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem data-testid="open-addresses" onSelect={openAddresses}>
          <MapPinIcon width={16} height={16} />
          {t('header.addresses')}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/orders" data-testid="my-orders-link">
            <ReceiptIcon width={16} height={16} />
            {t('header.myOrders')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          data-testid="open-change-password"
          onSelect={() => openPassword({ email: user.email })}
        >
          <span className="menu__icon-space" aria-hidden="true" />
          {t('header.changePassword')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          data-testid="logout"
          disabled={logout.isPending}
          onSelect={() => logout.mutate(undefined, { onSettled: () => void navigate('/') })}
        >
          <LogoutIcon width={16} height={16} />
          {t('header.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
