import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { CalendarIcon, GridIcon, HomeIcon, MapPinIcon, UserIcon, VideoIcon } from '@/components/ui/icons';
import { initials } from '@/lib/initials';
import { useAccountDialogStore } from '@/stores/account-dialog-store';
import type { User } from '@/types/api';

/** Spec 01 §2 member layout menu; the entries of later issues are shown, disabled, as "coming soon". */
const SOON = [
  { label: 'member.menu.calendar', icon: CalendarIcon },
  { label: 'member.menu.liveStreaming', icon: VideoIcon },
  { label: 'member.menu.liveTrade', icon: VideoIcon },
  { label: 'member.menu.superTracking', icon: GridIcon },
  { label: 'member.menu.lessons', icon: VideoIcon },
] as const;

/** The member's side panel: avatar, member code, first and last name, account buttons and the menu. */
export function MemberSidePanel({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const openProfile = useAccountDialogStore((s) => s.openProfile);
  const openAddresses = useAccountDialogStore((s) => s.openAddresses);
  return (
    <div className="member-panel">
      <div className="member-panel__who">
        {user.avatarUrl ? (
          <img className="member-panel__avatar" src={user.avatarUrl} alt="" />
        ) : (
          <span
            className="member-panel__avatar member-panel__avatar--empty"
            aria-hidden="true"
            data-testid="member-initials"
          >
            {initials(user.firstName, user.lastName)}
          </span>
        )}
        <p className="member-panel__code" data-testid="member-code">
          {t('member.code', { code: user.memberCode })}
        </p>
        <p className="member-panel__name" data-testid="member-name">
          {user.firstName} {user.lastName}
        </p>
      </div>
      <div className="member-panel__buttons">
        <Button variant="secondary" size="sm" onClick={openProfile} data-testid="member-open-profile">
          <UserIcon width={16} height={16} />
          {t('header.profile')}
        </Button>
        <Button variant="secondary" size="sm" onClick={openAddresses} data-testid="member-open-addresses">
          <MapPinIcon width={16} height={16} />
          {t('header.addresses')}
        </Button>
      </div>
      <nav aria-label={t('member.menuLabel')}>
        <ul className="side-menu">
          <li>
            <NavLink to="/" className="side-menu__link" onClick={onNavigate}>
              <HomeIcon width={18} height={18} />
              {t('member.menu.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/member" end className="side-menu__link" onClick={onNavigate}>
              <GridIcon width={18} height={18} />
              {t('member.menu.dashboard')}
            </NavLink>
          </li>
          {SOON.map(({ label, icon: Icon }) => (
            <li key={label}>
              <span className="side-menu__link is-disabled" aria-disabled="true">
                <Icon width={18} height={18} />
                {t(label)}
                <span className="side-menu__soon">{t('member.soon')}</span>
              </span>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
