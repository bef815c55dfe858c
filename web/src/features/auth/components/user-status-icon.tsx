import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@/types/api';
import { CrownIcon, HourglassIcon, SproutIcon } from '@/components/ui/icons';

const ICONS = { New: SproutIcon, Wait: HourglassIcon, Premium: CrownIcon } as const;

/** The member's status (New / Wait / Premium) as an icon with an accessible label. */
export function UserStatusIcon({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  const Icon = ICONS[status] ?? SproutIcon;
  const label = t('status.label', { status });
  return (
    <span
      className={`status-icon status-icon--${status.toLowerCase()}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="user-status"
      data-status={status}
    >
      <Icon width={16} height={16} />
    </span>
  );
}
