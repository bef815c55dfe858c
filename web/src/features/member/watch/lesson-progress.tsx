import { useTranslation } from 'react-i18next';
import '../i18n-watch';

/** How much of a lesson the member has watched (merged played ranges), as a labelled bar. */
export function LessonProgress({ name, coverage }: { name: string; coverage: number | null }) {
  const { t } = useTranslation();
  if (coverage === null) return null;
  const percent = Math.max(0, Math.min(100, Math.round(coverage * 100)));
  return (
    <span className="lesson-progress" data-testid="lesson-progress" data-value={percent}>
      <progress
        className="lesson-progress__bar"
        max={100}
        value={percent}
        aria-label={t('watch.progressLabel', { name })}
      />
      <span className="lesson-progress__text" aria-hidden="true">
        {t('watch.progress', { percent })}
      </span>
    </span>
  );
}
