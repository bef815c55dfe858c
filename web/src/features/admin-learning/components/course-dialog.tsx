import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseStaff, CourseStatus } from '@rian/proto-contracts/learning';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import type { MessageKey } from '@/lib/message';
import { useSaveCourse } from '../api/courses';
import { LiveImageField } from './live-image-field';

type Draft = {
  title: string;
  code: string;
  detail: string;
  status: CourseStatus;
  date: string;
  liveStreaming: boolean;
  /** what media answered for the upload (its URL), or null */
  liveStreamingPath: string | null;
  liveTradePath: string | null;
};
const FIELDS = [
  'title',
  'code',
  'detail',
  'status',
  'date',
  'liveStreaming',
  'liveStreamingPath',
  'liveTradePath',
] as const;

/** proto-contracts learning CourseCode */
const COURSE_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function validateCourse(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  if (!d.title.trim()) errors.title = { key: 'validation.required' };
  const code = d.code.trim();
  if (code && (code.length > 20 || !COURSE_CODE.test(code))) {
    errors.code = { key: 'learningAdmin.courses.validation.code' };
  }
  return errors;
}

/** Create or edit a course (spec 02 §3 "Courses"); a new one is open with no live streaming. */
export function CourseDialog({ course, onClose }: { course: CourseStaff | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCourse();
  const form = useEditForm<Draft>(() => ({
    title: course?.title ?? '',
    code: course?.code ?? '',
    detail: course?.detail ?? '',
    status: course?.status ?? 'open',
    date: course?.date ?? '',
    liveStreaming: course?.liveStreaming === 'Y',
    liveStreamingPath: course?.liveStreamingPath ?? null,
    liveTradePath: course?.liveTradePath ?? null,
  }));
  const { draft, set, bind, errorText } = form;
  const optional = (key: MessageKey) => `${t(key)} ${t('form.optional')}`;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: validateCourse,
      send: (d) =>
        save.mutateAsync({
          id: course?.id ?? null,
          body: {
            title: d.title.trim(),
            code: orNull(d.code),
            detail: orNull(d.detail),
            status: d.status,
            date: d.date || null,
            liveStreaming: d.liveStreaming ? 'Y' : 'N',
            liveStreamingPath: d.liveStreamingPath,
            liveTradePath: d.liveTradePath,
          },
        }),
      fields: FIELDS,
      codeFields: { 'learning.course_code_taken': 'code' },
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={course ? t('learningAdmin.courses.editTitle') : t('learningAdmin.courses.createTitle')}
      description={course ? course.title : t('learningAdmin.courses.createDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={course ? t('learningAdmin.save') : t('learningAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="course-dialog"
    >
      <div className="form__grid">
        <TextField
          className="learning-form__full"
          label={t('learningAdmin.courses.courseTitle')}
          maxLength={200}
          {...bind('title', 'course-title')}
        />
        <TextField
          label={optional('learningAdmin.courses.code')}
          hint={t('learningAdmin.courses.codeHint')}
          maxLength={20}
          {...bind('code', 'course-code')}
        />
        <SelectField label={t('learningAdmin.courses.status')} {...bind('status', 'course-status')}>
          <option value="open">{t('learningAdmin.courses.statuses.open')}</option>
          <option value="closed">{t('learningAdmin.courses.statuses.closed')}</option>
        </SelectField>
        <TextField
          type="date"
          label={optional('learningAdmin.courses.date')}
          {...bind('date', 'course-date')}
        />
        <TextAreaField
          className="learning-form__full"
          label={optional('learningAdmin.courses.detail')}
          rows={4}
          maxLength={20_000}
          {...bind('detail', 'course-detail')}
        />
        <fieldset
          className="learning-form__fieldset learning-form__full learning-form__live"
          data-testid="course-live"
          aria-describedby="course-live-hint"
        >
          <legend className="field__label">{t('learningAdmin.courses.liveSection')}</legend>
          <CheckField
            label={t('learningAdmin.courses.liveStreaming')}
            checked={draft.liveStreaming}
            onChange={(e) => set('liveStreaming', e.target.checked)}
            data-testid="course-live-streaming"
          />
          <p className="field__hint" id="course-live-hint">
            {t('learningAdmin.courses.liveImagesHint')}
          </p>
          <div className="learning-form__images">
            <LiveImageField
              kind="live-streaming"
              label={optional('learningAdmin.courses.liveStreamingPath')}
              value={draft.liveStreamingPath}
              onChange={(v) => set('liveStreamingPath', v)}
              error={errorText('liveStreamingPath')}
              testId="course-live-streaming-image"
            />
            <LiveImageField
              kind="live-trade"
              label={optional('learningAdmin.courses.liveTradePath')}
              value={draft.liveTradePath}
              onChange={(v) => set('liveTradePath', v)}
              error={errorText('liveTradePath')}
              testId="course-live-trade-image"
            />
          </div>
        </fieldset>
      </div>
    </FormDialog>
  );
}
