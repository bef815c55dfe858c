import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolmentStatus } from '@rian/proto-contracts/learning';
import type { EnrolmentStaff, EnrolmentUpdateBody } from '@rian/proto-contracts/learning-enrolments';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { SignedTermsLink } from './signed-terms-link';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import type { MessageKey } from '@/lib/message';
import { ENROLMENT_STATUSES, useUpdateEnrolment } from '../api/enrolments';
import { useStaffNames } from '../api/people';
import { MemberName } from './member-name';

type Draft = {
  code: string;
  sptk: boolean;
  special: boolean;
  courseStatus: boolean;
  status: EnrolmentStatus;
  start: string;
  end: string;
  note: string;
  line: boolean;
  facebook: boolean;
};
const FIELDS = ['code', 'status', 'start', 'end', 'note'] as const;
const yn = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';
const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function validateEnrolment(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  if (d.start && d.end && d.end < d.start)
    errors.end = { key: 'learningAdmin.enrolments.validation.endBeforeStart' };
  return errors;
}

/** The fields that changed (PUT: absent keeps, null clears). */
export function enrolmentChanges(e: EnrolmentStaff, d: Draft): EnrolmentUpdateBody {
  const next: Required<EnrolmentUpdateBody> = {
    code: orNull(d.code),
    sptk: yn(d.sptk),
    special: yn(d.special),
    courseStatus: yn(d.courseStatus),
    status: d.status,
    start: d.start || null,
    end: d.end || null,
    note: orNull(d.note),
    line: yn(d.line),
    facebook: yn(d.facebook),
  };
  const body: EnrolmentUpdateBody = {};
  for (const key of Object.keys(next) as (keyof EnrolmentUpdateBody)[]) {
    if (next[key] !== (e[key] ?? null)) Object.assign(body, { [key]: next[key] });
  }
  return body;
}

/** Edit an enrolment (spec 01 §3 user_courses): code, sptk, special, course status, dates, note, flags. */
export function EnrolmentDialog({ enrolment, onClose }: { enrolment: EnrolmentStaff; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateEnrolment();
  const staffName = useStaffNames();
  const form = useEditForm<Draft>(() => ({
    code: enrolment.code ?? '',
    sptk: enrolment.sptk === 'Y',
    special: enrolment.special === 'Y',
    courseStatus: enrolment.courseStatus === 'Y',
    status: enrolment.status,
    start: enrolment.start ?? '',
    end: enrolment.end ?? '',
    note: enrolment.note ?? '',
    line: enrolment.line === 'Y',
    facebook: enrolment.facebook === 'Y',
  }));
  const { draft, set, bind } = form;
  const optional = (key: MessageKey) => `${t(key)} ${t('form.optional')}`;
  const check = (field: 'sptk' | 'special' | 'courseStatus' | 'line' | 'facebook', label: MessageKey) => (
    <CheckField
      label={t(label)}
      checked={draft[field]}
      onChange={(e) => set(field, e.target.checked)}
      data-testid={`enrolment-${field}`}
    />
  );

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: validateEnrolment,
      send: async (d) => {
        const body = enrolmentChanges(enrolment, d);
        if (Object.keys(body).length > 0) await update.mutateAsync({ id: enrolment.id, body });
      },
      fields: FIELDS,
      codeFields: { 'learning.enrolment_dates': 'end' },
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={t('learningAdmin.enrolments.editTitle')}
      description={
        <>
          <MemberName userId={enrolment.userId} /> · {enrolment.course?.title ?? enrolment.courseId}
        </>
      }
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('learningAdmin.save')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      wide
      testId="enrolment-dialog"
    >
      <div className="form__grid">
        <TextField
          label={optional('learningAdmin.enrolments.code')}
          maxLength={40}
          {...bind('code', 'enrolment-code')}
        />
        <SelectField label={t('learningAdmin.enrolments.status')} {...bind('status', 'enrolment-status')}>
          {ENROLMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`learningAdmin.enrolments.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          type="date"
          label={optional('learningAdmin.enrolments.start')}
          {...bind('start', 'enrolment-start')}
        />
        <TextField
          type="date"
          label={optional('learningAdmin.enrolments.end')}
          {...bind('end', 'enrolment-end')}
        />
        {check('sptk', 'learningAdmin.enrolments.sptk')}
        {check('special', 'learningAdmin.enrolments.special')}
        {check('courseStatus', 'learningAdmin.enrolments.courseStatus')}
        <div className="enrolment-flags">
          {check('line', 'learningAdmin.enrolments.line')}
          {enrolment.lineBy && (
            <span className="table__sub">
              {t('learningAdmin.enrolments.setBy', { name: staffName(enrolment.lineBy) })}
            </span>
          )}
        </div>
        <div className="enrolment-flags">
          {check('facebook', 'learningAdmin.enrolments.facebook')}
          {enrolment.facebookBy && (
            <span className="table__sub">
              {t('learningAdmin.enrolments.setBy', { name: staffName(enrolment.facebookBy) })}
            </span>
          )}
        </div>
        <TextAreaField
          className="learning-form__full"
          label={optional('learningAdmin.enrolments.note')}
          maxLength={2000}
          {...bind('note', 'enrolment-note')}
        />
        <SignedTermsLink enrolmentId={enrolment.id} signed={enrolment.signature === 'Y'} />
      </div>
    </FormDialog>
  );
}
