import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstructorStaff } from '@rian/proto-contracts/catalog-content';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { useSaveInstructor } from '../api/instructors';
import {
  failed,
  months,
  requiredText,
  splitList,
  textOrNull,
  webAddress,
  wholeNumber,
  yn,
} from '../lib/fields';
import { CatalogImageField } from './catalog-image-field';

const SOCIAL = ['facebook', 'twitter', 'youtube', 'pinterest', 'linkedin'] as const;
type Social = (typeof SOCIAL)[number];

type Draft = {
  name: string;
  position: string;
  item: string;
  detail: string;
  content: string;
  img: string | null;
  hide: boolean;
  featuredMonths: string;
} & Record<Social, string>;
const FIELDS = ['name', 'position', 'item', 'detail', 'content', 'img', 'featuredMonths', ...SOCIAL] as const;

/** Create or edit an instructor (speaker, spec 02 §3 Instructor): picture, social links, months featured. */
export function InstructorDialog({
  instructor,
  onClose,
}: {
  instructor: InstructorStaff | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveInstructor();
  const form = useEditForm<Draft>(() => ({
    name: instructor?.name ?? '',
    position: instructor?.position ?? '',
    item: String(instructor?.item ?? 1),
    detail: instructor?.detail ?? '',
    content: instructor?.content ?? '',
    img: instructor?.img ?? null,
    hide: instructor?.hide === 'Y',
    featuredMonths: instructor?.featuredMonths.join(', ') ?? '',
    facebook: instructor?.facebook ?? '',
    twitter: instructor?.twitter ?? '',
    youtube: instructor?.youtube ?? '',
    pinterest: instructor?.pinterest ?? '',
    linkedin: instructor?.linkedin ?? '',
  }));
  const { draft, set, bind, errorText } = form;
  const optional = (label: string) => `${label} ${t('form.optional')}`;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: (d) =>
        failed<keyof Draft>({
          name: requiredText(d.name),
          item: wholeNumber(d.item, 1, 1_000_000, { required: true }),
          featuredMonths: months(d.featuredMonths),
          ...Object.fromEntries(SOCIAL.map((s) => [s, webAddress(d[s])])),
        }),
      send: (d) =>
        save.mutateAsync({
          id: instructor?.id ?? null,
          body: {
            name: d.name.trim(),
            position: textOrNull(d.position),
            item: Number(d.item),
            detail: textOrNull(d.detail),
            content: textOrNull(d.content),
            img: d.img,
            hide: yn(d.hide),
            featuredMonths: [...new Set(splitList(d.featuredMonths))],
            ...Object.fromEntries(SOCIAL.map((s) => [s, textOrNull(d[s])])),
          },
        }),
      fields: FIELDS,
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={instructor ? t('catalogAdmin.instructors.editTitle') : t('catalogAdmin.instructors.createTitle')}
      description={instructor ? instructor.name : t('catalogAdmin.instructors.createDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={instructor ? t('catalogAdmin.save') : t('catalogAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      wide
      testId="instructor-dialog"
    >
      <div className="form__grid">
        <TextField
          label={t('catalogAdmin.instructors.name')}
          maxLength={200}
          {...bind('name', 'instructor-name')}
        />
        <TextField
          label={optional(t('catalogAdmin.instructors.position'))}
          maxLength={200}
          {...bind('position', 'instructor-position')}
        />
        <TextField
          label={t('catalogAdmin.item')}
          hint={t('catalogAdmin.itemHint')}
          inputMode="numeric"
          {...bind('item', 'instructor-item')}
        />
        <TextField
          label={optional(t('catalogAdmin.instructors.featuredMonths'))}
          hint={t('catalogAdmin.instructors.featuredMonthsHint')}
          {...bind('featuredMonths', 'instructor-months')}
        />
        <TextAreaField
          className="catalog-form__full"
          label={optional(t('catalogAdmin.instructors.detail'))}
          rows={3}
          maxLength={20_000}
          {...bind('detail', 'instructor-detail')}
        />
        <TextAreaField
          className="catalog-form__full"
          label={optional(t('catalogAdmin.instructors.content'))}
          rows={5}
          maxLength={50_000}
          {...bind('content', 'instructor-content')}
        />
        {SOCIAL.map((s) => (
          <TextField
            key={s}
            label={optional(t(`catalogAdmin.instructors.social.${s}`))}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={500}
            {...bind(s, `instructor-${s}`)}
          />
        ))}
        <CatalogImageField
          kind="coach"
          label={t('catalogAdmin.instructors.img')}
          value={draft.img}
          onChange={(v) => set('img', v)}
          error={errorText('img')}
          testId="instructor-img"
        />
        <CheckField
          label={t('catalogAdmin.instructors.hide')}
          checked={draft.hide}
          onChange={(e) => set('hide', e.target.checked)}
          data-testid="instructor-hide"
        />
      </div>
    </FormDialog>
  );
}
