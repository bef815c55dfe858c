import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import type { MessageKey } from '@/lib/message';
import type { User } from '@/types/api';
import { useCourseOptions } from '../api/content';
import { useGrantEnrolment } from '../api/enrolments';
import { MemberPicker } from './member-picker';

type Draft = {
  userId: string;
  courseId: string;
  code: string;
  sptk: boolean;
  special: boolean;
  start: string;
  end: string;
  note: string;
};
const FIELDS = ['userId', 'courseId', 'code', 'start', 'end', 'note'] as const;
const yn = (b: boolean) => (b ? 'Y' : 'N');
const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function validateGrant(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  if (!d.userId) errors.userId = { key: 'learningAdmin.enrolments.validation.member' };
  if (!d.courseId) errors.courseId = { key: 'validation.required' };
  if (d.start && d.end && d.end < d.start)
    errors.end = { key: 'learningAdmin.enrolments.validation.endBeforeStart' };
  return errors;
}

/** Enrol a member in a course by hand (e.g. bought before the product listed the course). */
export function EnrolmentGrantDialog({ courseId, onClose }: { courseId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const grant = useGrantEnrolment();
  const courses = useCourseOptions();
  const [member, setMember] = useState<User | null>(null);
  const form = useEditForm<Draft>(() => ({
    userId: '',
    courseId,
    code: '',
    sptk: false,
    special: false,
    start: '',
    end: '',
    note: '',
  }));
  const { draft, set, bind } = form;
  const optional = (key: MessageKey) => `${t(key)} ${t('form.optional')}`;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: validateGrant,
      send: (d) =>
        grant.mutateAsync({
          userId: d.userId,
          courseId: d.courseId,
          code: orNull(d.code),
          sptk: yn(d.sptk),
          special: yn(d.special),
          // no start: today (Asia/Bangkok), as the server sets it
          ...(d.start ? { start: d.start } : {}),
          end: d.end || null,
          note: orNull(d.note),
        }),
      fields: FIELDS,
      codeFields: {
        'learning.enrolment_exists': 'userId',
        'learning.course_not_found': 'courseId',
        'learning.course_unknown': 'courseId',
        'learning.enrolment_dates': 'end',
      },
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={t('learningAdmin.enrolments.grantTitle')}
      description={t('learningAdmin.enrolments.grantDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('learningAdmin.enrolments.grant')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      wide
      testId="enrolment-grant-dialog"
    >
      <div className="form__grid">
        <div className="learning-form__full">
          <MemberPicker
            label={t('learningAdmin.enrolments.member')}
            picked={member}
            onPick={(u) => {
              setMember(u);
              set('userId', u?.id ?? '');
            }}
            error={form.errorText('userId')}
            testId="enrolment-grant-member"
          />
        </div>
        <SelectField
          label={t('learningAdmin.enrolments.course')}
          {...bind('courseId', 'enrolment-grant-course')}
        >
          <option value="">{t('learningAdmin.videos.chooseCourse')}</option>
          {courses.data?.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
              {c.code ? ` (${c.code})` : ''}
            </option>
          ))}
        </SelectField>
        <TextField
          label={optional('learningAdmin.enrolments.code')}
          maxLength={40}
          {...bind('code', 'enrolment-grant-code')}
        />
        <TextField
          type="date"
          label={optional('learningAdmin.enrolments.start')}
          hint={t('learningAdmin.enrolments.startHint')}
          {...bind('start', 'enrolment-grant-start')}
        />
        <TextField
          type="date"
          label={optional('learningAdmin.enrolments.end')}
          {...bind('end', 'enrolment-grant-end')}
        />
        <CheckField
          label={t('learningAdmin.enrolments.sptk')}
          checked={draft.sptk}
          onChange={(e) => set('sptk', e.target.checked)}
          data-testid="enrolment-grant-sptk"
        />
        <CheckField
          label={t('learningAdmin.enrolments.special')}
          checked={draft.special}
          onChange={(e) => set('special', e.target.checked)}
          data-testid="enrolment-grant-special"
        />
        <TextAreaField
          className="learning-form__full"
          label={optional('learningAdmin.enrolments.note')}
          maxLength={2000}
          {...bind('note', 'enrolment-grant-note')}
        />
      </div>
    </FormDialog>
  );
}
