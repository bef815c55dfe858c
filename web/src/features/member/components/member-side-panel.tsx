import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { MemberHome } from '@rian/proto-contracts/learning-member';
import { CalendarIcon, ChartIcon, GridIcon, HomeIcon, VideoIcon } from '@/components/ui/icons';
import { initials } from '@/lib/initials';
import type { User } from '@/types/api';

/** A member group the side panel offers a dialog for (social network = Facebook, messaging app = LINE). */
export interface MemberGroupButton {
  kind: 'social' | 'messaging';
  label: string;
  onOpen: () => void;
}

/** The side panel's book delivery (spec 01 §2): what state it is in, and how to open the dialog. */
export interface BookDeliveryButton {
  state: 'address_needed' | 'requested' | 'dispatched';
  tracking: string | null;
  onOpen: () => void;
}

type Icon = ComponentType<SVGProps<SVGSVGElement> & { width?: number; height?: number }>;

/**
 * Spec 01 §2 member layout, side panel: avatar (initials without a picture), member code, first and
 * last name; the social / messaging group buttons (one row when exactly two), the book-delivery
 * button (when the course needs a book and there is no booking) — both hook points filled by later
 * issues; then the menu. Room Meeting shows only when the meeting around now has a Zoom room; Live
 * Streaming and Live Trade are disabled unless a live session is around now; SuperTracking only
 * when learning sends its link.
 */
export function MemberSidePanel({
  user,
  home,
  groups = [],
  bookDelivery = null,
  onRoomMeeting,
  onNavigate,
}: {
  user: User;
  home: MemberHome | undefined;
  groups?: MemberGroupButton[];
  /** the selected course's book delivery: the button while it needs the address, then its state */
  bookDelivery?: BookDeliveryButton | null;
  onRoomMeeting: () => void;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const live = home?.current.live ?? null;
  const room = home?.current.meeting?.hasRoom ? home.current.meeting : null;
  const link = (to: string, label: string, Icon: Icon, testId: string, end = false) => (
    <li>
      <NavLink to={to} end={end} className="side-menu__link" onClick={onNavigate} data-testid={testId}>
        <Icon width={18} height={18} />
        {label}
      </NavLink>
    </li>
  );
  // live streaming opens the live session's stream (the page finds it when unnamed); live trade the trade room
  const liveItem = (path: string, label: string, testId: string, streamId?: string | null) =>
    live ? (
      link(`/member/${path}${streamId ? `/${streamId}` : ''}`, label, VideoIcon, testId)
    ) : (
      <li>
        <span className="side-menu__link is-disabled" aria-disabled="true" data-testid={testId}>
          <VideoIcon width={18} height={18} />
          {label}
        </span>
      </li>
    );
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
      {groups.length > 0 && (
        <div
          className={`member-panel__buttons${groups.length === 2 ? ' member-panel__buttons--row' : ''}`}
          data-testid="member-groups"
        >
          {groups.map((g, i) => (
            <button
              key={`${g.kind}-${i}`}
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={g.onOpen}
              data-testid={`member-group-${g.kind}`}
            >
              {g.label}
            </button>
          ))}
        </div>
      )}
      {bookDelivery?.state === 'address_needed' && (
        <button
          type="button"
          className="btn btn--secondary btn--sm member-panel__book"
          onClick={bookDelivery.onOpen}
          data-testid="member-book-delivery"
        >
          {t('member.bookDelivery')}
        </button>
      )}
      {bookDelivery && bookDelivery.state !== 'address_needed' && (
        <div className="member-panel__book-state" data-testid="member-book-state">
          <p className="member-panel__book-title">{t('bookDelivery.panelTitle')}</p>
          <p data-testid="member-book-state-text">{t(`bookDelivery.${bookDelivery.state}`)}</p>
          {bookDelivery.state === 'dispatched' && bookDelivery.tracking && (
            <p data-testid="member-book-tracking">
              {t('bookDelivery.tracking', { tracking: bookDelivery.tracking })}
            </p>
          )}
          {bookDelivery.state === 'requested' && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={bookDelivery.onOpen}
              data-testid="member-book-edit"
            >
              {t('bookDelivery.edit')}
            </button>
          )}
        </div>
      )}
      <nav aria-label={t('member.menuLabel')}>
        <ul className="side-menu">
          {link('/', t('member.menu.home'), HomeIcon, 'menu-home')}
          {link('/member', t('member.menu.dashboard'), GridIcon, 'menu-dashboard', true)}
          {link('/member/calendar', t('member.menu.calendar'), CalendarIcon, 'menu-calendar')}
          {room && (
            <li>
              <button
                type="button"
                className="side-menu__link"
                data-testid="menu-room-meeting"
                onClick={() => {
                  onNavigate?.();
                  onRoomMeeting();
                }}
              >
                <VideoIcon width={18} height={18} />
                {t('member.menu.roomMeeting')}
              </button>
            </li>
          )}
          {liveItem(
            'livestreaming',
            t('member.menu.liveStreaming'),
            'menu-live-streaming',
            live?.liveStream?.kind === 'trade' ? null : live?.liveStream?.id,
          )}
          {liveItem('livetrade', t('member.menu.liveTrade'), 'menu-live-trade')}
          {home?.superTrackingUrl && (
            <li>
              <a
                className="side-menu__link"
                href={home.superTrackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="menu-super-tracking"
              >
                <ChartIcon width={18} height={18} />
                {t('member.menu.superTracking')}
              </a>
            </li>
          )}
          {link('/member/video', t('member.menu.lessons'), VideoIcon, 'menu-lessons')}
        </ul>
      </nav>
    </div>
  );
}
