import type { ComponentProps } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { LogoutIcon, MapPinIcon, ReceiptIcon, UserIcon } from '@/components/ui/icons';
import { useAccountDialogStore } from '@/stores/account-dialog-store';
import type { User } from '@/types/api';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { useLogout } from '../api/logout';
import { UserChip } from './user-chip';

/**
 * The signed-in member's menu (profile, addresses, orders, password, log out): Radix's menu code is
 * in this chunk, loaded only once someone is signed in (auth-controls renders the chip until then).
 */
export default function UserMenu({
  user,
  defaultOpen = false,
}: { user: User } & Pick<ComponentProps<typeof DropdownMenu>, 'defaultOpen'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const openProfile = useAccountDialogStore((s) => s.openProfile);
  const openAddresses = useAccountDialogStore((s) => s.openAddresses);
  const openPassword = useAuthDialogStore((s) => s.openPassword);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserChip user={user} />
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
