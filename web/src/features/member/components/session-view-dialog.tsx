import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ZoomRoomMember } from '@rian/proto-contracts/learning-content';
import type { DocumentDownload, SessionView } from '@rian/proto-contracts/learning-member';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import type { Language } from '@/types/api';
import { useSessionView } from '../api/session-view';
import '../i18n-calendar';

type Props = {
  /** the session to show; null: closed */
  sessionId: string | null;
  /** shown as the title while the session loads (the calendar item's) */
  title?: string;
  onClose: () => void;
};

/**
 * A session's view (spec 01 coursesDetailTime View): date and time, detail, instructor, documents
 * with their signed links, the lesson page for a video, the room for a meeting. A session the
 * member may not open answers 404: spec 01 §2 sends them to /member.
 */
export function SessionViewDialog({ sessionId, title, onClose }: Props) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const navigate = useNavigate();
  const view = useSessionView(sessionId);
  const notFound = view.isError && isApiError(view.error) && view.error.status === 404;

  useEffect(() => {
    if (notFound) void navigate('/member', { replace: true });
  }, [notFound, navigate]);

  return (
    <Dialog open={sessionId !== null} onOpenChange={(open) => !open && onClose()}>
      {sessionId !== null && (
        <DialogContent
          className="session-view"
          title={view.data?.session.title ?? title ?? t('member.calendar.session.loading')}
          description={t('member.calendar.session.description')}
          closeLabel={t('member.calendar.session.close')}
          data-testid="session-view"
        >
          {view.isPending && <Spinner label={t('member.calendar.session.loading')} />}
          {view.isError && !notFound && <Alert>{problemText(view.error, language)}</Alert>}
          {view.data && <SessionBody view={view.data} language={language} />}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** "วันพฤหัสบดีที่ 26 พฤศจิกายน 2569" / "Thursday 26 November 2026": the calendar's era, a calendar day. */
export function sessionDay(day: string, language: Language): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(language === 'th' ? 'th-TH-u-ca-buddhist' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

function SessionBody({ view, language }: { view: SessionView; language: Language }) {
  const { t } = useTranslation();
  const { session } = view;
  const time = [session.start, session.to].filter(Boolean).join(' - ');
  return (
    <div className="session-view__body">
      <p className="session-view__type" data-type={session.type}>
        {t(`member.calendar.type.${session.type}`)}
      </p>
      <dl className="session-view__facts">
        {session.date && (
          <>
            <dt>{t('member.calendar.session.when')}</dt>
            <dd data-testid="session-when">
              {sessionDay(session.date, language)}
              {time && ` ${time}`}
            </dd>
          </>
        )}
        {session.instructor && (
          <>
            <dt>{t('member.calendar.session.instructor')}</dt>
            <dd data-testid="session-instructor">{session.instructor.name}</dd>
          </>
        )}
      </dl>
      {view.openUntil && (
        <p className="card__text" data-testid="session-open-until">
          {t('member.calendar.session.openUntil', { day: sessionDay(view.openUntil, language) })}
        </p>
      )}
      {session.detail && (
        <section aria-label={t('member.calendar.session.detail')}>
          <p className="session-view__detail">{session.detail}</p>
        </section>
      )}
      {session.type === 'video' && (
        <Link
          className="btn btn--primary btn--md session-view__action"
          to={`/member/video/${session.id}`}
          data-testid="session-watch"
        >
          {t('member.calendar.session.watch')}
        </Link>
      )}
      {session.type === 'meeting' &&
        (view.zoomRoom ? (
          <MeetingRoom room={view.zoomRoom} />
        ) : (
          <p className="card__text">{t('member.calendar.session.noRoom')}</p>
        ))}
      <Documents items={view.documents} />
    </div>
  );
}

function Documents({ items }: { items: readonly DocumentDownload[] }) {
  const { t } = useTranslation();
  return (
    <section className="session-view__documents" aria-labelledby="session-documents">
      <h3 id="session-documents" className="session-view__heading">
        {t('member.calendar.session.documents')}
      </h3>
      {items.length === 0 ? (
        <p className="card__text">{t('member.calendar.session.noDocuments')}</p>
      ) : (
        <ul className="session-view__list">
          {items.map((d) => {
            const fileName = d.file?.originalName ?? d.file?.filename ?? d.name;
            return (
              <li key={d.id}>
                {d.url ? (
                  <a
                    href={d.url}
                    download={fileName}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('member.calendar.session.download', { name: d.name })}
                    data-testid="session-document"
                  >
                    {d.name}
                  </a>
                ) : (
                  <span>
                    {d.name} — {t('member.calendar.session.fileMissing')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function MeetingRoom({ room }: { room: ZoomRoomMember }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'link', label: t('member.calendar.session.link'), value: room.url },
    { key: 'meetingId', label: t('member.calendar.session.meetingId'), value: room.meetingId },
    { key: 'passcode', label: t('member.calendar.session.passcode'), value: room.passcode },
  ].filter((r): r is { key: string; label: string; value: string } => Boolean(r.value));
  return (
    <section className="session-view__room" aria-labelledby="session-room">
      <h3 id="session-room" className="session-view__heading">
        {t('member.calendar.session.room')}: {room.title}
      </h3>
      <dl className="session-view__facts">
        {rows.map((r) => (
          <div key={r.key} className="session-view__copy-row">
            <dt>{r.label}</dt>
            <dd>
              <span data-testid={`room-${r.key}`}>{r.value}</span>
              <CopyButton value={r.value} what={r.label} />
            </dd>
          </div>
        ))}
      </dl>
      <a
        className="btn btn--primary btn--md session-view__action"
        href={room.url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="room-join"
      >
        {t('member.calendar.session.join')}
      </a>
    </section>
  );
}

function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        aria-label={t('member.calendar.session.copy', { what })}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {t('member.calendar.session.copy', { what: '' }).trim()}
      </button>
      <span role="status" className={copied ? 'session-view__copied' : 'sr-only'}>
        {copied ? t('member.calendar.session.copied') : ''}
      </span>
    </>
  );
}
