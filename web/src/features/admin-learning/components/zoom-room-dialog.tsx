import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZoomRoomStaff } from '@rian/proto-contracts/learning-content';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import type { MessageKey } from '@/lib/message';
import { useSaveZoomRoom } from '../api/content';

type Draft = { title: string; url: string; meetingId: string; passcode: string };
const FIELDS = ['title', 'url', 'meetingId', 'passcode'] as const;

/** proto-contracts learning-content: an https link; 9 to 13 digits, spaces allowed */
const HTTPS = /^https:\/\/\S+$/i;
const MEETING_ID = /^[0-9][0-9 ]{7,14}[0-9]$/;
const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function validateZoomRoom(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  if (!d.title.trim()) errors.title = { key: 'validation.required' };
  if (!d.url.trim()) errors.url = { key: 'validation.required' };
  else if (!HTTPS.test(d.url.trim())) errors.url = { key: 'learningAdmin.validation.httpsUrl' };
  if (d.meetingId.trim() && !MEETING_ID.test(d.meetingId.trim())) {
    errors.meetingId = { key: 'learningAdmin.zoom.validation.meetingId' };
  }
  return errors;
}

/** Create or edit a Zoom room (spec 02 §3 "Zoom"); the passcode is kept encrypted by learning. */
export function ZoomRoomDialog({ room, onClose }: { room: ZoomRoomStaff | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveZoomRoom();
  const [reveal, setReveal] = useState(false);
  const form = useEditForm<Draft>(() => ({
    title: room?.title ?? '',
    url: room?.url ?? '',
    meetingId: room?.meetingId ?? '',
    passcode: room?.passcode ?? '',
  }));
  const { bind } = form;
  const optional = (key: MessageKey) => `${t(key)} ${t('form.optional')}`;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: validateZoomRoom,
      send: (d) =>
        save.mutateAsync({
          id: room?.id ?? null,
          body: {
            title: d.title.trim(),
            url: d.url.trim(),
            meetingId: orNull(d.meetingId),
            passcode: d.passcode ? d.passcode : null,
          },
        }),
      fields: FIELDS,
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={room ? t('learningAdmin.zoom.editTitle') : t('learningAdmin.zoom.createTitle')}
      description={room ? room.title : t('learningAdmin.zoom.createDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={room ? t('learningAdmin.save') : t('learningAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="zoom-dialog"
    >
      <div className="form__grid">
        <TextField
          className="learning-form__full"
          label={t('learningAdmin.zoom.roomTitle')}
          maxLength={200}
          {...bind('title', 'zoom-title')}
        />
        <TextField
          className="learning-form__full"
          type="url"
          inputMode="url"
          label={t('learningAdmin.zoom.url')}
          hint={t('learningAdmin.zoom.urlHint')}
          maxLength={500}
          {...bind('url', 'zoom-url')}
        />
        <TextField
          label={optional('learningAdmin.zoom.meetingId')}
          hint={t('learningAdmin.zoom.meetingIdHint')}
          inputMode="numeric"
          maxLength={20}
          {...bind('meetingId', 'zoom-meeting-id')}
        />
        <div>
          <TextField
            type={reveal ? 'text' : 'password'}
            autoComplete="off"
            label={optional('learningAdmin.zoom.passcode')}
            hint={t('learningAdmin.zoom.passcodeHint')}
            maxLength={40}
            {...bind('passcode', 'zoom-passcode')}
          />
          <CheckField
            label={t('learningAdmin.zoom.showPasscode')}
            checked={reveal}
            onChange={(e) => setReveal(e.target.checked)}
            data-testid="zoom-passcode-reveal"
          />
        </div>
      </div>
    </FormDialog>
  );
}
