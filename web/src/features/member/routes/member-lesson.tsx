import type { KeyboardEvent } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lesson } from '@rian/proto-contracts/learning-member';
import type { Static } from '@sinclair/typebox';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useMemberLessons, useMemberSession } from '../api/member-lessons';
import { LessonPlayer } from '../components/player/lesson-player';
import type { PlayerEvents } from '../components/player/player-state';
import '../i18n-lessons';
import './member-lesson.css';

type LessonItem = Static<typeof Lesson>;

/**
 * /member/video/{id?} and /member/videoMYPROLIVE/{id?} (spec 01 §2): the course's recorded lessons
 * in order and the chosen one playing; no id opens the first. A session the member may not open
 * (not enrolled, outside its window, unknown) answers 404 and the member goes to /member.
 * Rendered inside the member layout's Outlet; `onProgress` is where watch statistics will hook in.
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

  if (isApiError(session.error) && session.error.status === 404) return <Navigate to="/member" replace />;

  const view = session.data;
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
            {view.video ? (
              <LessonPlayer video={view.video} onProgress={onProgress} />
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
      {items.length > 0 && <LessonList items={items} currentId={currentId} base={base} />}
    </div>
  );
}

/** The lessons in course order, numbered by their place (บทที่ 1, 2, …); the current one marked; arrow keys, Home and End move between them. */
function LessonList({
  items,
  currentId,
  base,
}: {
  items: LessonItem[];
  currentId: string | undefined;
  base: string;
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
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
