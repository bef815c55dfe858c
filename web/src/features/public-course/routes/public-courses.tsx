import { useTranslation } from 'react-i18next';
import type { PublicCourse } from '@rian/proto-contracts/learning-public';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { usePublicCourses } from '../api/public-courses';
import { CourseActions, type CourseCalls } from '../components/course-actions';
import { PreviewList } from '../components/preview-list';
import '../i18n';
import '../public-course.css';

/**
 * /course (spec 01 §2, public): the courses on sale — each with its curriculum (session titles,
 * kinds and dates), instructors and free preview videos — and the way in: buy on the product page,
 * or sign in. Nothing a member pays for is shown.
 */
export function PublicCoursesRoute(calls: CourseCalls) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const courses = usePublicCourses();
  return (
    <main className="page public-course" id="main">
      <header className="public-course__head">
        <h1 className="public-course__heading">{t('publicCourse.title')}</h1>
        <p className="public-course__lead">{t('publicCourse.lead')}</p>
        {!calls.signedIn && (
          <p className="public-course__sign-in-lead">
            {t('publicCourse.signInLead')}{' '}
            <Button variant="ghost" size="sm" onClick={calls.onSignIn}>
              {t('publicCourse.signIn')}
            </Button>
          </p>
        )}
      </header>
      {courses.isPending && <Spinner label={t('publicCourse.loading')} />}
      {courses.isError && <Alert>{problemText(courses.error, language)}</Alert>}
      {courses.data?.items.length === 0 && (
        <p className="card public-course__empty" data-testid="courses-empty">
          {t('publicCourse.empty')}
        </p>
      )}
      <div className="public-course__list">
        {courses.data?.items.map((c) => (
          <CourseCard key={c.id} course={c} calls={calls} language={language} />
        ))}
      </div>
    </main>
  );
}

function CourseCard({
  course,
  calls,
  language,
}: {
  course: PublicCourse;
  calls: CourseCalls;
  language: string;
}) {
  const { t } = useTranslation();
  const id = `course-${course.id}`;
  return (
    <article className="card public-course__card" aria-labelledby={id} data-testid="public-course">
      <h2 className="public-course__title" id={id}>
        {course.title}
      </h2>
      <p className="public-course__meta">
        {course.code && <span>{t('publicCourse.code', { code: course.code })}</span>}
        {course.date && <span>{t('publicCourse.startsOn', { date: formatDay(course.date, language) })}</span>}
      </p>
      {course.detail && <p className="public-course__detail">{course.detail}</p>}
      {course.instructors.length > 0 && (
        <p className="public-course__instructors" data-testid="course-instructors">
          <strong>{t('publicCourse.instructors')}:</strong> {course.instructors.map((i) => i.name).join(', ')}
        </p>
      )}
      <section aria-labelledby={`${id}-curriculum`}>
        <h3 className="public-course__subtitle" id={`${id}-curriculum`}>
          {t('publicCourse.curriculum')}
        </h3>
        {course.items.length === 0 ? (
          <p className="public-course__none">{t('publicCourse.noSessions')}</p>
        ) : (
          <ol className="public-course__curriculum" data-testid="course-curriculum">
            {course.items.map((item, i) => (
              <li key={`${item.date}-${i}`} className="public-course__session">
                <span className="public-course__session-title">{item.title}</span>
                <span className="public-course__session-meta">
                  {t(`publicCourse.sessionTypes.${item.type}`)} · {formatDay(item.date, language)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <PreviewList
        previews={course.previews}
        headingId={`${id}-previews`}
        heading={t('publicCourse.previews')}
      />
      <CourseActions title={course.title} productIds={course.productIds} calls={calls} />
    </article>
  );
}
