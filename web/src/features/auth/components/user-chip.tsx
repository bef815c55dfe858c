import type { ComponentProps } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import type { User } from '@/types/api';
import { UserStatusIcon } from './user-status-icon';

/** The header's member chip (status icon, e-mail, chevron): the user menu's trigger. */
export function UserChip({ user, ...props }: { user: User } & ComponentProps<'button'>) {
  return (
    <button type="button" className="user-chip" data-testid="user-menu" {...props}>
      <UserStatusIcon status={user.status} />
      <span className="user-chip__email">{user.email}</span>
      <ChevronDownIcon width={16} height={16} />
    </button>
  );
}
