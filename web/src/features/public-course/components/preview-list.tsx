import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicPreviewVideo } from '@rian/proto-contracts/learning-public';

/** A course's free previews, each a link to /course/video/{id} (the current one marked). */
export function PreviewList({
  previews,
  currentId,
  headingId,
  heading,
}: {
  previews: readonly PublicPreviewVideo[];
  currentId?: string | undefined;
  headingId: string;
  heading: string;
}) {
  const { t } = useTranslation();
  if (previews.length === 0) return null;
  return (
    <section className="public-course__previews" aria-labelledby={headingId}>
      <h3 className="public-course__subtitle" id={headingId}>
        {heading}
      </h3>
      <ul className="public-course__preview-list" data-testid="course-previews">
        {previews.map((v) => (
          <li key={v.id}>
            <Link
              to={`/course/video/${v.id}`}
              className="public-course__preview"
              aria-current={v.id === currentId ? 'page' : undefined}
            >
              <span aria-hidden="true" className="public-course__play">
                ▶
              </span>
              <span>{v.name}</span>
              {v.durationSeconds != null && v.durationSeconds > 0 && (
                <span className="public-course__duration">
                  {t('publicCourse.minutes', { count: Math.max(1, Math.round(v.durationSeconds / 60)) })}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
