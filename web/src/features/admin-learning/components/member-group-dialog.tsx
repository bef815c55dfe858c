import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberGroupStaff, MemberGroupType } from '@rian/proto-contracts/learning-groups';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { StaffImageField } from '@/features/admin/components/staff-image-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import { useCourseOptions } from '../api/content';
import { useSaveMemberGroup } from '../api/groups';

type Draft = {
  courseId: string;
  type: MemberGroupType;
  name: string;
  url: string;
  qr: string | null;
  qrManual: string | null;
  hidden: boolean;
  condition: boolean;
  conditionValue: string;
  conditionText: string;
};
const FIELDS = [
  'courseId',
  'type',
  'name',
  'url',
  'qr',
  'qrManual',
  'conditionValue',
  'conditionText',
] as const;
const HTTPS = /^https:\/\/\S+$/i;
const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function validateMemberGroup(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  if (!d.courseId) errors.courseId = { key: 'validation.required' };
  if (!d.name.trim()) errors.name = { key: 'validation.required' };
  if (!d.url.trim()) errors.url = { key: 'validation.required' };
  else if (!HTTPS.test(d.url.trim())) errors.url = { key: 'learningAdmin.validation.httpsUrl' };
  if (d.condition && !d.conditionText.trim()) errors.conditionText = { key: 'validation.required' };
  return errors;
}

/** /admin/memberGroup's dialog (spec 02 §3 "Member group"; Facebook and LINE variants by `type`). */
export function MemberGroupDialog({
  group,
  courseId,
  onClose,
}: {
  group: MemberGroupStaff | null;
  courseId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const courses = useCourseOptions();
  const save = useSaveMemberGroup();
  const form = useEditForm<Draft>(() => ({
    courseId: group?.courseId ?? courseId,
    type: group?.type ?? 'facebook',
    name: group?.name ?? '',
    url: group?.url ?? '',
    qr: group?.qr ?? null,
    qrManual: group?.qrManual ?? null,
    hidden: group?.hidden === 'Y',
    condition: group?.condition === 'Y',
    conditionValue: group?.conditionValue ?? '',
    conditionText: group?.conditionText ?? '',
  }));
  const { draft, set, bind } = form;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: validateMemberGroup,
      send: (d) =>
        save.mutateAsync({
          id: group?.id ?? null,
          body: {
            ...(group ? {} : { courseId: d.courseId }),
            type: d.type,
            name: d.name.trim(),
            url: d.url.trim(),
            qr: d.qr,
            qrManual: d.qrManual,
            hidden: d.hidden ? 'Y' : 'N',
            condition: d.condition ? 'Y' : 'N',
            conditionValue: orNull(d.conditionValue),
            conditionText: orNull(d.conditionText),
          },
        }),
      fields: FIELDS,
    });
    if (ok) onClose();
  }

  const qrSrc = (file: string) => `/api/qr/${encodeURIComponent(file)}`;

  return (
    <FormDialog
      title={group ? t('groupsAdmin.groups.editTitle') : t('groupsAdmin.groups.createTitle')}
      description={group ? group.name : t('groupsAdmin.groups.createDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={group ? t('learningAdmin.save') : t('learningAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="member-group-dialog"
    >
      <div className="form__grid">
        <SelectField
          label={t('groupsAdmin.course')}
          disabled={Boolean(group)}
          {...bind('courseId', 'member-group-course')}
        >
          <option value="">{t('groupsAdmin.chooseCourse')}</option>
          {courses.data?.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('groupsAdmin.groups.type')} {...bind('type', 'member-group-type')}>
          <option value="facebook">{t('groupsAdmin.types.facebook')}</option>
          <option value="line">{t('groupsAdmin.types.line')}</option>
        </SelectField>
        <TextField
          className="learning-form__full"
          label={t('groupsAdmin.groups.name')}
          maxLength={200}
          {...bind('name', 'member-group-name')}
        />
        <TextField
          className="learning-form__full"
          type="url"
          inputMode="url"
          label={t('groupsAdmin.groups.url')}
          hint={t('groupsAdmin.groups.urlHint')}
          maxLength={500}
          {...bind('url', 'member-group-url')}
        />
        <StaffImageField
          kind="qr"
          keep="filename"
          resolve={qrSrc}
          label={t('groupsAdmin.groups.qr')}
          value={draft.qr}
          onChange={(v) => set('qr', v)}
          testId="member-group-qr"
        />
        <StaffImageField
          kind="qr"
          keep="filename"
          resolve={qrSrc}
          label={t('groupsAdmin.groups.qrManual')}
          value={draft.qrManual}
          onChange={(v) => set('qrManual', v)}
          testId="member-group-qr-manual"
        />
        <CheckField
          label={t('groupsAdmin.groups.hidden')}
          checked={draft.hidden}
          onChange={(e) => set('hidden', e.target.checked)}
          data-testid="member-group-hidden"
        />
        <CheckField
          label={t('groupsAdmin.groups.condition')}
          checked={draft.condition}
          onChange={(e) => set('condition', e.target.checked)}
          data-testid="member-group-condition"
        />
        {draft.condition && (
          <>
            <TextField
              label={t('groupsAdmin.groups.conditionValue')}
              maxLength={200}
              {...bind('conditionValue', 'member-group-condition-value')}
            />
            <TextAreaField
              className="learning-form__full"
              label={t('groupsAdmin.groups.conditionText')}
              maxLength={2000}
              {...bind('conditionText', 'member-group-condition-text')}
            />
          </>
        )}
      </div>
    </FormDialog>
  );
}
