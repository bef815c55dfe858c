import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VideoPlayback } from '@rian/proto-contracts/learning-member';
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { usePublicCourses, usePublicPreview } from '../api/public-courses';
import { CourseActions, type CourseCalls } from '../components/course-actions';
import { PreviewList } from '../components/preview-list';
import '../i18n';
import '../public-course.css';

/**
 * /course/video/{id} (spec 01 §2, public): a free preview playing, the course it comes from, its
 * other previews and the way to the rest (buy, sign in). A video that is not a preview of a course
 * on sale answers 404: a not-found state with the way back to /course. No id: /course.
 * The player comes from the app (`player`), loaded only on this page.
 */
export function PublicPreviewRoute({
  player,
  ...calls
}: CourseCalls & { player: (video: VideoPlayback) => ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const { id } = useParams();
  const preview = usePublicPreview(id);
  const courses = usePublicCourses();

  if (!id) return <Navigate to="/course" replace />;
  if (isApiError(preview.error) && [400, 404].includes(preview.error.status)) {
    return (
      <main className="page public-course" id="main" data-testid="preview-not-found">
        <header className="public-course__head">
          <h1 className="public-course__heading">{t('publicCourse.preview.notFound')}</h1>
          <p className="public-course__lead">{t('publicCourse.preview.notFoundLead')}</p>
        </header>
        <Link className={buttonClass('primary', 'md')} to="/course">
          {t('publicCourse.preview.back')}
        </Link>
      </main>
    );
  }

  const data = preview.data;
  const others = courses.data?.items.find((c) => c.id === data?.course.id)?.previews ?? [];
  return (
    <main className="page public-course" id="main">
      {preview.isPending && <Spinner label={t('publicCourse.preview.loading')} />}
      {preview.isError && <Alert>{problemText(preview.error, language)}</Alert>}
      {data && (
        <div className="public-preview" data-testid="public-preview">
          <section className="card public-preview__main" aria-labelledby="preview-title">
            {player(data.video)}
            <span className="public-preview__label">{t('publicCourse.preview.label')}</span>
            <h1 className="public-course__title" id="preview-title">
              {data.video.name}
            </h1>
            <p className="public-course__meta">
              {t('publicCourse.preview.fromCourse', { title: data.course.title })}
            </p>
            {data.video.detail && <p className="public-course__detail">{data.video.detail}</p>}
          </section>
          <aside className="card public-preview__side" aria-labelledby="preview-cta">
            <h2 className="public-course__subtitle" id="preview-cta">
              {t('publicCourse.preview.ctaTitle')}
            </h2>
            <p className="public-course__none">{t('publicCourse.preview.ctaLead')}</p>
            <CourseActions title={data.course.title} productIds={data.course.productIds} calls={calls} />
            <PreviewList
              previews={others.length > 1 ? others : []}
              currentId={data.video.id}
              headingId="preview-more"
              heading={t('publicCourse.preview.more')}
            />
            <Link to="/course">{t('publicCourse.preview.back')}</Link>
          </aside>
        </div>
      )}
    </main>
  );
}
