import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberHome } from '@rian/proto-contracts/learning-member';
import { Logo } from '@/components/layout/logo';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { CardIcon, LogoutIcon, MenuIcon } from '@/components/ui/icons';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import type { User } from '@/types/api';
import { TermsGate, useTermsPending } from '@/features/member-terms/components/terms-gate';
import { useMemberHome, useUnpaidInstalmentOrders } from '../api/member-home';
import { CourseSwitcher } from './course-switcher';
import { HelpDialog, InstalmentsDialog, MeetingRoomDialog, StandByDialog } from './dialogs/member-dialogs';
import { deliveryFor, useBookDeliveries } from '../api/book-deliveries';
import { BookDeliveryDialog } from './book-delivery-dialog';
import { MemberSidePanel } from './member-side-panel';
import '@/features/bookings/i18n';
import { MemberGroups, useMemberGroupButtons } from './groups/member-groups';
import '@/styles/side-menu.css';
import '../member.css';

/** The breadcrumb of each member page (by its first path segment). */
const CRUMBS = {
  '': 'member.menu.dashboard',
  reload: 'member.menu.dashboard',
  calendar: 'member.menu.calendar',
  video: 'member.menu.lessons',
  videoMYPROLIVE: 'member.menu.lessons',
  livestreaming: 'member.menu.liveStreaming',
  livetrade: 'member.menu.liveTrade',
  livetrader: 'member.menu.liveTrade',
} as const;

/** What the pages inside the layout get through the Outlet's context (useOutletContext). */
export interface MemberOutletContext {
  user: User;
  home: MemberHome | undefined;
  /** opens the meeting room dialog for a session (default: the meeting around now) */
  openMeeting: (sessionId?: string) => void;
  /** opens the instalment schedule dialog (the top bar's Payment) */
  openPayment: () => void;
}

/** Room-name profile of the meeting dialog: course code + nickname (spec 01 §2 "Meeting room"). */
export function meetingProfile(home: MemberHome | undefined, user: User): string {
  const code = home?.enrolment?.course?.code ?? '';
  const name = user.nickname || user.firstName;
  return [code, name].filter(Boolean).join(' ');
}

/**
 * Spec 01 §2 member layout: side panel (a drawer on phones), top bar with breadcrumbs, Payment
 * (badge when instalments are unpaid), Help and the course switcher; the page in the Outlet. The
 * blocking "Please stand by" dialog shows while the area's first read (learning's /member/home)
 * is under way.
 */
export function MemberLayout({ user }: { user: User }) {
  const { t } = useTranslation();
  const location = useLocation();
  const language = useLanguageStore((s) => s.language);
  const [drawer, setDrawer] = useState(false);
  const [help, setHelp] = useState(false);
  const [payment, setPayment] = useState(false);
  const [meeting, setMeeting] = useState<string | null>(null);
  const home = useMemberHome();
  const termsPending = useTermsPending();
  const orders = useUnpaidInstalmentOrders();
  const segment = location.pathname.split('/')[2] ?? '';
  const title = t(segment in CRUMBS ? CRUMBS[segment as keyof typeof CRUMBS] : 'member.menu.dashboard');
  const meetingSession = home.data?.current.meeting?.hasRoom ? home.data.current.meeting.session : null;
  const openMeeting = (sessionId?: string) => setMeeting(sessionId ?? meetingSession?.id ?? null);
  const groupButtons = useMemberGroupButtons();
  // bookings is asked once on entering: the selected course's book delivery (spec 01 §2)
  const deliveries = useBookDeliveries();
  const delivery = deliveryFor(deliveries.data?.items, home.data?.enrolment?.courseId);
  const [bookDialog, setBookDialog] = useState(false);
  const panel = (onNavigate?: () => void) => (
    <MemberSidePanel
      user={user}
      home={home.data}
      groups={groupButtons}
      bookDelivery={
        delivery && delivery.state !== 'cancelled'
          ? {
              state: delivery.state,
              tracking: delivery.tracking,
              onOpen: () => {
                onNavigate?.();
                setBookDialog(true);
              },
            }
          : null
      }
      onRoomMeeting={() => openMeeting()}
      onNavigate={onNavigate}
    />
  );
  const context: MemberOutletContext = {
    user,
    home: home.data,
    openMeeting,
    openPayment: () => setPayment(true),
  };
  return (
    <div className="member">
      <aside className="member__side" data-testid="member-side">
        {/* the column's background fills the page's height; its content stays in view as the page scrolls */}
        <div className="member__side-inner">
          <div className="member__logo">
            <Logo />
          </div>
          {panel()}
        </div>
      </aside>
      <div className="member__body">
        <header className="member__bar">
          <Dialog open={drawer} onOpenChange={setDrawer}>
            <DialogTrigger
              className="icon-btn member__menu-btn"
              aria-label={t('nav.openMenu')}
              data-testid="member-menu-button"
            >
              <MenuIcon />
            </DialogTrigger>
            <DialogContent
              variant="drawer"
              className="drawer--light"
              title={t('member.title')}
              description={t('member.menuLabel')}
              closeLabel={t('nav.closeMenu')}
            >
              {panel(() => setDrawer(false))}
            </DialogContent>
          </Dialog>
          <nav className="member__crumbs" aria-label={t('member.breadcrumb')}>
            <Link to="/member">{t('member.title')}</Link>
            <span aria-hidden="true">/</span>
            <span aria-current="page">{title}</span>
          </nav>
          <div className="member__tools">
            <button
              type="button"
              className="btn btn--secondary btn--sm member__pay"
              onClick={() => setPayment(true)}
              data-testid="member-payment"
              aria-label={
                orders.unpaid.length
                  ? t('member.payment.buttonDue', { count: orders.unpaid.length })
                  : t('member.payment.button')
              }
            >
              <CardIcon width={16} height={16} />
              {t('member.payment.button')}
              {orders.unpaid.length > 0 && (
                <span className="member__badge" data-testid="member-payment-badge" aria-hidden="true">
                  {orders.unpaid.length}
                </span>
              )}
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => setHelp(true)}
              data-testid="member-help-button"
            >
              {t('member.help.button')}
            </button>
            <CourseSwitcher />
            <LanguageSwitch />
            <Link
              to="/logout"
              className="icon-btn"
              aria-label={t('header.logout')}
              title={t('header.logout')}
            >
              <LogoutIcon />
            </Link>
          </div>
        </header>
        <main className="member__main" id="main">
          {home.isError && (
            <Alert>
              <span data-testid="member-home-error">{problemText(home.error, language)}</span>
            </Alert>
          )}
          <Outlet context={context} />
        </main>
      </div>
      <StandByDialog open={home.isPending} />
      <TermsGate />
      {/* spec 01 §4: the terms come first, then the group join prompts */}
      <MemberGroups user={user} enabled={!home.isPending && !termsPending} />
      <HelpDialog open={help} onOpenChange={setHelp} />
      {payment && <InstalmentsDialog orders={orders.unpaid} onOpenChange={setPayment} />}
      {bookDialog && delivery && delivery.state !== 'dispatched' && (
        <BookDeliveryDialog
          delivery={delivery}
          onClose={() => setBookDialog(false)}
          onSaved={() => setBookDialog(false)}
        />
      )}
      {meeting && (
        <MeetingRoomDialog
          sessionId={meeting}
          profileName={meetingProfile(home.data, user)}
          onClose={() => setMeeting(null)}
        />
      )}
    </div>
  );
}
