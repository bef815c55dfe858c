import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lesson } from '@rian/proto-contracts/learning-member';
import type { Static } from '@sinclair/typebox';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useMemberLessons, useMemberSession, useReplayCalls } from '../api/member-lessons';
import { useVideoProgress } from '../api/watch';
import { choosePlayer, LessonPlayer } from '../components/player/lesson-player';
import type { PlayerEvents, SeekRequest } from '../components/player/player-state';
import { ReplayCalls } from '../components/replay/replay-calls';
import { ContinueHereDialog } from '../watch/continue-here-dialog';
import { useWatchTracking } from '../watch/use-watch-tracking';
import { LessonProgress } from '../watch/lesson-progress';
import '../i18n-lessons';
import '../i18n-watch';
import './member-lesson.css';

type LessonItem = Static<typeof Lesson>;

/**
 * /member/video/{id?} and /member/videoMYPROLIVE/{id?} (spec 01 §2): the course's recorded lessons
 * in order and the chosen one playing; no id opens the first. A session the member may not open
 * (not enrolled, outside its window, unknown) answers 404 and the member goes to /member.
 * Rendered inside the member layout's Outlet. Watch statistics (issue 14) track HLS and Vimeo
 * lessons (an embed reports nothing): the player waits for the playback to open, starts where the
 * member left off, and stops when another device takes over; `onProgress` still reports to the caller.
 */
export function MemberLessonRoute({ onProgress }: Pick<PlayerEvents, 'onProgress'> = {}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const { id } = useParams();
  const { pathname } = useLocation();
  const base = pathname.startsWith('/member/videoMYPROLIVE') ? '/member/videoMYPROLIVE' : '/member/video';
  const lessons = useMemberLessons(undefined);
  const items = lessons.data?.items ?? [];
  const currentId = id ?? items[0]?.session.id;
  const session = useMemberSession(currentId);
  const index = items.findIndex((l) => l.session.id === currentId);
  const view = session.data;
  const trackable = view?.video ? ['hls', 'vimeo'].includes(choosePlayer(view.video).player) : false;
  const watch = useWatchTracking({ sessionId: view?.session.id, enabled: trackable });
  const progress = useVideoProgress(undefined);
  const coverage = new Map((progress.data?.items ?? []).map((p) => [p.sessionId ?? p.videoId, p.coverage]));
  // issue 15: a recording of a live broadcast replays its trade calls as playback reaches them
  const recording = view?.video?.recordingBroadcastId ? view.session.id : undefined;
  const calls = useReplayCalls(recording);
  const [position, setPosition] = useState(0);
  const [seekTo, setSeekTo] = useState<SeekRequest | undefined>(undefined);
  useEffect(() => {
    setPosition(0);
    setSeekTo(undefined);
  }, [currentId]);
  const seek = (seconds: number) => {
    setSeekTo((s) => ({ seconds, id: (s?.id ?? 0) + 1 }));
    setPosition(seconds);
  };

  if (isApiError(session.error) && session.error.status === 404) return <Navigate to="/member" replace />;

  const previous = index > 0 ? items[index - 1] : undefined;
  const next = index >= 0 ? items[index + 1] : undefined;

  return (
    <div className="member-lesson" data-testid="member-lesson">
      <section className="member-lesson__main card" aria-labelledby="lesson-title">
        {lessons.isError && <Alert>{problemText(lessons.error, language)}</Alert>}
        {session.isError && <Alert>{problemText(session.error, language)}</Alert>}
        {(lessons.isPending || (currentId && session.isPending)) && (
          <Spinner label={t('member.lessons.loading')} />
        )}
        {lessons.data && !currentId && (
          <p className="card__text" data-testid="lessons-empty">
            {t('member.lessons.empty')}
          </p>
        )}
        {view && (
          <>
            {view.video && (watch.phase === 'starting' || watch.phase === 'elsewhere') ? (
              <div className="lesson-player lesson-player--empty" data-testid="lesson-player-wait">
                <Spinner label={t('watch.starting')} />
              </div>
            ) : view.video && watch.phase === 'declined' ? (
              <div
                className="lesson-player lesson-player--empty lesson-player--idle"
                data-testid="watch-idle"
                role="status"
              >
                <p>{t('watch.idle')}</p>
                <Button onClick={watch.continueHere} data-testid="watch-play-here">
                  {t('watch.playHere')}
                </Button>
              </div>
            ) : view.video ? (
              <>
                <LessonPlayer
                  video={view.video}
                  {...watch.player}
                  startAt={watch.startAt}
                  seekTo={seekTo}
                  onProgress={(p) => {
                    watch.player.onProgress(p);
                    // whole seconds: the calls panel redraws once a second, not on every timeupdate
                    if (recording) setPosition(Math.floor(p.seconds));
                    onProgress?.(p);
                  }}
                  onSeek={(seconds) => {
                    watch.player.onSeek(seconds);
                    if (recording) setPosition(Math.floor(seconds));
                  }}
                />
                {watch.phase === 'takenOver' && (
                  <div className="watch-stopped" data-testid="watch-taken-over">
                    <Alert>
                      {watch.stopError ? problemText(watch.stopError, language) : t('watch.takenOver')}
                    </Alert>
                    <Button variant="secondary" onClick={watch.continueHere} data-testid="watch-play-here">
                      {t('watch.playHere')}
                    </Button>
                  </div>
                )}
              </>
            ) : (
              <div
                className="lesson-player lesson-player--empty"
                data-state="error"
                data-testid="lesson-player"
                data-player="none"
                role="status"
              >
                {t('member.lessons.unavailable')}
              </div>
            )}
            {recording && calls.data && calls.data.items.length > 0 && (
              <ReplayCalls calls={calls.data.items} position={position} onSeek={seek} />
            )}
            <h1 className="member-lesson__title" id="lesson-title" data-testid="lesson-title">
              {view.session.title}
            </h1>
            <p className="member-lesson__meta">
              {view.session.instructor && (
                <span>{t('member.lessons.instructor', { name: view.session.instructor.name })}</span>
              )}
              {view.openUntil && (
                <span>{t('member.lessons.openUntil', { date: formatDay(view.openUntil, language) })}</span>
              )}
            </p>
            {(view.session.detail || view.video?.detail) && (
              <p className="member-lesson__detail" data-testid="lesson-detail">
                {view.session.detail || view.video?.detail}
              </p>
            )}
            <nav className="member-lesson__steps" aria-label={t('member.lessons.title')}>
              {previous && (
                <Link
                  className="button button--secondary"
                  to={`${base}/${previous.session.id}`}
                  rel="prev"
                  data-testid="lesson-previous"
                >
                  {t('member.lessons.previous')}
                </Link>
              )}
              {next && (
                <Link
                  className="button"
                  to={`${base}/${next.session.id}`}
                  rel="next"
                  data-testid="lesson-next"
                >
                  {t('member.lessons.next')}
                </Link>
              )}
            </nav>
            <section className="member-lesson__documents" aria-labelledby="lesson-documents">
              <h2 id="lesson-documents" className="member-lesson__subtitle">
                {t('member.lessons.documents')}
              </h2>
              {view.documents.length === 0 ? (
                <p className="card__text">{t('member.lessons.noDocuments')}</p>
              ) : (
                <ul className="member-lesson__document-list" data-testid="lesson-documents">
                  {view.documents.map((d) => (
                    <li key={d.id}>
                      {d.url ? (
                        <a href={d.url} target="_blank" rel="noopener noreferrer">
                          {d.name}
                        </a>
                      ) : (
                        <span>
                          {d.name} ({t('member.lessons.documentUnavailable')})
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </section>
      {items.length > 0 && <LessonList items={items} currentId={currentId} base={base} coverage={coverage} />}
      <ContinueHereDialog
        open={watch.phase === 'elsewhere' || (watch.phase === 'starting' && watch.elsewhere !== null)}
        elsewhere={watch.elsewhere}
        pending={watch.phase === 'starting'}
        onContinue={watch.continueHere}
        onCancel={watch.decline}
      />
    </div>
  );
}

/** The lessons in course order, numbered by their place (บทที่ 1, 2, …); the current one marked; arrow keys, Home and End move between them. */
function LessonList({
  items,
  currentId,
  base,
  coverage,
}: {
  items: LessonItem[];
  currentId: string | undefined;
  base: string;
  /** watched share per session (0..1), from the member's statistics */
  coverage: Map<string, number | null>;
}) {
  const { t } = useTranslation();
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const links = Array.from(e.currentTarget.querySelectorAll<HTMLAnchorElement>('a'));
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const to =
      e.key === 'ArrowDown'
        ? at + 1
        : e.key === 'ArrowUp'
          ? at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? links.length - 1
              : null;
    if (to === null || at < 0) return;
    e.preventDefault();
    links[Math.max(0, Math.min(links.length - 1, to))]?.focus();
  };
  return (
    <nav className="member-lesson__list card" aria-label={t('member.lessons.listLabel')}>
      <h2 className="member-lesson__subtitle">{t('member.lessons.title')}</h2>
      <ol onKeyDown={onKeyDown} data-testid="lesson-list">
        {items.map(({ session, video }, at) => {
          const current = session.id === currentId;
          return (
            <li key={session.id}>
              <Link
                to={`${base}/${session.id}`}
                className={
                  current ? 'member-lesson__item member-lesson__item--current' : 'member-lesson__item'
                }
                aria-current={current ? 'page' : undefined}
              >
                <span className="member-lesson__item-number">
                  {t('member.lessons.lessonNumber', { item: at + 1 })}
                </span>
                <span className="member-lesson__item-title">{session.title || video.name}</span>
              </Link>
              <LessonProgress
                name={session.title || video.name}
                coverage={coverage.get(session.id) ?? coverage.get(video.id) ?? null}
              />
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
