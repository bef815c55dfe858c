import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EnrolmentView } from '@rian/proto-contracts/learning';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useMemberEnrolments } from '../api/member-home';
import { courseLabel, selectedEnrolment, useSelectCourse } from '../api/my-enrolments';

/**
 * Spec 01 member layout, top bar: a dropdown to switch among the member's courses. Choosing another
 * course saves the selection (UpdateSelect), then goes to /member/reload, which comes back here.
 */
export function CourseSwitcher() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const navigate = useNavigate();
  const location = useLocation();
  const enrolments = useMemberEnrolments();
  const select = useSelectCourse();
  const [failed, setFailed] = useState<string | null>(null);

  if (enrolments.isPending) return <Spinner label={t('member.course.loading')} />;
  const items = enrolments.data?.items ?? [];
  if (!items.length) return null;
  const current = selectedEnrolment(items) as EnrolmentView;

  async function choose(courseId: string) {
    setFailed(null);
    if (courseId === current.courseId) return;
    try {
      await select.mutateAsync(courseId);
      void navigate('/member/reload', { state: { back: location.pathname } });
    } catch (error) {
      setFailed(problemText(error, language));
    }
  }

  return (
    <div className="course-switch">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            className="course-switch__trigger"
            data-testid="course-switcher"
            aria-label={t('member.course.switchLabel', { title: courseLabel(current) })}
            disabled={select.isPending}
          >
            <span className="course-switch__title" data-testid="course-switcher-title">
              {courseLabel(current)}
            </span>
            <ChevronDownIcon width={16} height={16} aria-hidden="true" />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="course-switch__menu">
          <DropdownMenuLabel>{t('member.course.myCourses')}</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={current.courseId} onValueChange={(id) => void choose(id)}>
            {items.map((e) => (
              <DropdownMenuRadioItem
                key={e.courseId}
                value={e.courseId}
                className="course-switch__item"
                data-testid={`course-option-${e.courseId}`}
              >
                {courseLabel(e)}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      {failed && (
        <p className="course-switch__error" role="alert" data-testid="course-switch-error">
          {failed}
        </p>
      )}
    </div>
  );
}
