import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useKnownCoursesOf } from '../api/known-courses';
import { CoursePicker, courseLabel } from './course-picker';

type Props = {
  label: string;
  /** the course id, '' for none */
  value: string;
  onChange: (id: string) => void;
  error?: string | null;
  testId: string;
};

/** A product's own course (courses_id): picked from learning's courses, shown by title, removable. */
export function MainCourseField({ label, value, onChange, error, testId }: Props) {
  const { t } = useTranslation();
  const named = useKnownCoursesOf(value ? [value] : []);
  const course = named.data?.items.find((c) => c.id === value);
  return (
    <div className="main-course">
      <CoursePicker
        label={label}
        onPick={(c) => onChange(c.id)}
        exclude={value ? [value] : []}
        error={error}
        testId={testId}
      />
      <p className="main-course__value" data-testid={`${testId}-value`}>
        {value ? (
          <>
            <span>{course ? courseLabel(course) : value}</span>
            {named.isSuccess && !course && (
              <span className="table__sub">{t('catalogAdmin.courses.unknown')}</span>
            )}
            <Button variant="ghost" size="sm" onClick={() => onChange('')} data-testid={`${testId}-clear`}>
              {t('catalogAdmin.courses.clear')}
            </Button>
          </>
        ) : (
          <span className="table__sub">{t('catalogAdmin.courses.none')}</span>
        )}
      </p>
    </div>
  );
}
