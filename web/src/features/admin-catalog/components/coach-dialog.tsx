import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoachStaff } from '@rian/proto-contracts/catalog-content';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import type { MessageKey } from '@/lib/message';
import { useSaveCoach } from '../api/coaches';
import { failed, requiredText, textOrNull } from '../lib/fields';
import { CatalogImageField } from './catalog-image-field';

type Draft = {
  name: string;
  nickname: string;
  position: string;
  detail: string;
  pr: string;
  img: string | null;
};
const FIELDS = ['name', 'nickname', 'position', 'detail', 'pr', 'img'] as const;

/** Create or edit a coach (spec 02 §3 Coach), picture through media (kind coach). */
export function CoachDialog({ coach, onClose }: { coach: CoachStaff | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCoach();
  const form = useEditForm<Draft>(() => ({
    name: coach?.name ?? '',
    nickname: coach?.nickname ?? '',
    position: coach?.position ?? '',
    detail: coach?.detail ?? '',
    pr: coach?.pr ?? '',
    img: coach?.img ?? null,
  }));
  const { draft, set, bind, errorText } = form;
  const optional = (key: MessageKey) => `${t(key)} ${t('form.optional')}`;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: (d) => failed<keyof Draft>({ name: requiredText(d.name) }),
      send: (d) =>
        save.mutateAsync({
          id: coach?.id ?? null,
          body: {
            name: d.name.trim(),
            nickname: textOrNull(d.nickname),
            position: textOrNull(d.position),
            detail: textOrNull(d.detail),
            pr: textOrNull(d.pr),
            img: d.img,
          },
        }),
      fields: FIELDS,
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={coach ? t('catalogAdmin.coaches.editTitle') : t('catalogAdmin.coaches.createTitle')}
      description={coach ? coach.name : t('catalogAdmin.coaches.createDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={coach ? t('catalogAdmin.save') : t('catalogAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="coach-dialog"
    >
      <div className="form__grid">
        <TextField label={t('catalogAdmin.coaches.name')} maxLength={200} {...bind('name', 'coach-name')} />
        <TextField
          label={optional('catalogAdmin.coaches.nickname')}
          maxLength={100}
          {...bind('nickname', 'coach-nickname')}
        />
        <TextField
          className="catalog-form__full"
          label={optional('catalogAdmin.coaches.position')}
          maxLength={200}
          {...bind('position', 'coach-position')}
        />
        <TextAreaField
          className="catalog-form__full"
          label={optional('catalogAdmin.coaches.detail')}
          rows={4}
          maxLength={20_000}
          {...bind('detail', 'coach-detail')}
        />
        <TextAreaField
          className="catalog-form__full"
          label={optional('catalogAdmin.coaches.pr')}
          hint={t('catalogAdmin.coaches.prHint')}
          rows={3}
          maxLength={20_000}
          {...bind('pr', 'coach-pr')}
        />
        <CatalogImageField
          kind="coach"
          label={t('catalogAdmin.coaches.img')}
          value={draft.img}
          onChange={(v) => set('img', v)}
          error={errorText('img')}
          testId="coach-img"
        />
      </div>
    </FormDialog>
  );
}
