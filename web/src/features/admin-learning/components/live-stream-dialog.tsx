import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveStreamStaff, LiveStreamWithKey } from '@rian/proto-contracts/learning-live';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import { formatDateTime } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { useSaveLiveStream } from '../api/live-streams';

type Draft = {
  name: string;
  detail: string;
  url: string;
  server: string;
  kind: 'stream' | 'trade';
  status: 'show' | 'hide';
};
const FIELDS = ['name', 'detail', 'url', 'server', 'kind', 'status'] as const;
/** proto-contracts learning-live: a path on the streaming server */
const STREAM_PATH = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function validateLiveStream(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  if (!d.name.trim()) errors.name = { key: 'validation.required' };
  if (d.url.trim() && !STREAM_PATH.test(d.url.trim())) errors.url = { key: 'liveAdmin.urlFormat' };
  return errors;
}

/**
 * The stream key, shown once (after create or "New key"): a copy button, and a warning that it is
 * never shown again. Closing it is final.
 */
export function StreamKeyDialog({ stream, onClose }: { stream: LiveStreamWithKey; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`${t('liveAdmin.key.title')}: ${stream.name}`}
        description={t('liveAdmin.key.once')}
        closeLabel={t('form.close')}
        data-testid="stream-key-dialog"
      >
        <p className="learning-secret">
          <code data-testid="stream-key-value">{stream.streamKey}</code>
        </p>
        <div className="form__actions">
          <Button
            variant="secondary"
            data-testid="stream-key-copy"
            onClick={() => void navigator.clipboard?.writeText(stream.streamKey).then(() => setCopied(true))}
          >
            {copied ? t('liveAdmin.key.copied') : t('liveAdmin.key.copy')}
          </Button>
          <Button onClick={onClose} data-testid="stream-key-done">
            {t('liveAdmin.key.done')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Create or edit a live stream (spec 02 §3 "Live streaming"); the key comes once, after create. */
export function LiveStreamDialog({
  stream,
  onClose,
  onRotateKey,
}: {
  stream: LiveStreamStaff | null;
  onClose: () => void;
  /** editing: "New key" (the page asks first, then shows the new key once) */
  onRotateKey?: (stream: LiveStreamStaff) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const save = useSaveLiveStream();
  const [created, setCreated] = useState<LiveStreamWithKey | null>(null);
  const form = useEditForm<Draft>(() => ({
    name: stream?.name ?? '',
    detail: stream?.detail ?? '',
    url: stream?.url ?? '',
    server: stream?.server ?? '',
    kind: stream?.kind ?? 'stream',
    status: stream?.status ?? 'show',
  }));
  const { bind } = form;

  async function onSubmit(event: FormEvent) {
    let answer: LiveStreamStaff | LiveStreamWithKey | undefined;
    const ok = await form.submit(event, {
      validate: validateLiveStream,
      send: async (d) => {
        answer = await save.mutateAsync({
          id: stream?.id ?? null,
          body: {
            name: d.name.trim(),
            detail: orNull(d.detail),
            url: orNull(d.url),
            server: orNull(d.server),
            kind: d.kind,
            status: d.status,
          },
        });
      },
      fields: FIELDS,
    });
    if (!ok) return;
    if (answer && 'streamKey' in answer) setCreated(answer);
    else onClose();
  }

  if (created) return <StreamKeyDialog stream={created} onClose={onClose} />;
  return (
    <FormDialog
      title={stream ? t('liveAdmin.editTitle') : t('liveAdmin.createTitle')}
      description={stream ? stream.name : t('liveAdmin.createDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={stream ? t('learningAdmin.save') : t('learningAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="live-stream-dialog"
    >
      <div className="form__grid">
        <TextField
          className="learning-form__full"
          label={t('liveAdmin.name')}
          maxLength={200}
          {...bind('name', 'live-stream-name')}
        />
        <TextAreaField
          className="learning-form__full"
          label={`${t('liveAdmin.detail')} ${t('form.optional')}`}
          rows={3}
          {...bind('detail', 'live-stream-detail')}
        />
        <TextField
          label={`${t('liveAdmin.url')} ${t('form.optional')}`}
          hint={t('liveAdmin.urlHint')}
          maxLength={200}
          {...bind('url', 'live-stream-url')}
        />
        <TextField
          label={`${t('liveAdmin.server')} ${t('form.optional')}`}
          hint={t('liveAdmin.serverHint')}
          maxLength={300}
          {...bind('server', 'live-stream-server')}
        />
        <SelectField label={t('liveAdmin.kind')} {...bind('kind', 'live-stream-kind')}>
          <option value="stream">{t('liveAdmin.kinds.stream')}</option>
          <option value="trade">{t('liveAdmin.kinds.trade')}</option>
        </SelectField>
        <SelectField label={t('liveAdmin.status')} {...bind('status', 'live-stream-status')}>
          <option value="show">{t('liveAdmin.statuses.show')}</option>
          <option value="hide">{t('liveAdmin.statuses.hide')}</option>
        </SelectField>
        {stream && onRotateKey && (
          <div className="learning-form__full live-key-row">
            <span>
              {t('liveAdmin.key.title')}:{' '}
              {t('liveAdmin.key.madeAt', { time: formatDateTime(stream.keyRotatedAt, language) })}
            </span>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => onRotateKey(stream)}
              data-testid="live-stream-rotate"
            >
              {t('liveAdmin.key.rotate')}
            </Button>
          </div>
        )}
      </div>
    </FormDialog>
  );
}
