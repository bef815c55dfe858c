import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderPaymentsView } from '@rian/proto-contracts/payments';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useSubmitSlip } from '../api/submit-slip';

/** spec 02 §5: a slip is a png, gif or jpeg image (the server checks the bytes too). */
export const SLIP_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;

/** Today's day in Bangkok, yyyy-mm-dd (en-CA writes dates that way). */
export function bangkokToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The chosen image shown back to the buyer (jsdom has no object URLs). */
export function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * Pay by bank transfer (spec 02 §2, §4, §5): the slip image, the day and time of the transfer (both
 * required, 24-hour). The button reads "choose slip" and stays disabled until a slip is chosen,
 * then "confirm payment". The server decides what it pays (the next amount due).
 */
export function SlipDialog({
  orderId,
  reference,
  period = null,
  onClose,
  onSent,
}: {
  orderId: string;
  reference: string;
  /** the instalment being paid, for the title */
  period?: number | null;
  onClose: () => void;
  onSent: (view: OrderPaymentsView) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const submit = useSubmitSlip();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [date, setDate] = useState(() => bangkokToday());
  const [time, setTime] = useState('');
  const [checked, setChecked] = useState(false);
  const preview = usePreview(file);

  const server = submit.isError && isApiError(submit.error) ? submit.error.fieldErrors() : {};
  const required = (value: string) => (checked && value.trim() === '' ? t('validation.required') : null);
  const serverText = (field: string) => server[field]?.message ?? null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    submit.reset();
    if (!chosen) {
      setFile(null);
      setFileError(t('slip.missing'));
    } else if (!(SLIP_TYPES as readonly string[]).includes(chosen.type)) {
      setFile(null);
      setFileError(t('slip.fileType'));
    } else {
      setFile(chosen);
      setFileError(null);
    }
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!file) {
      setFileError(t('slip.missing'));
      return;
    }
    if (date.trim() === '' || time.trim() === '') return;
    submit.mutate({ orderId, file, paymentDate: date, paymentTime: time }, { onSuccess: onSent });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={period ? t('slip.titlePeriod', { period }) : t('slip.title')}
        description={t('slip.description', { reference })}
        closeLabel={t('slip.close')}
        className="register-dialog"
        data-testid="slip-dialog"
      >
        <form className="form" noValidate onSubmit={send}>
          {submit.isError && (
            <Alert>
              <span data-testid="slip-error">{problemText(submit.error, language)}</span>
            </Alert>
          )}
          <TextField
            label={t('slip.file')}
            hint={t('slip.fileHint')}
            type="file"
            accept={SLIP_TYPES.join(',')}
            required
            error={fileError ?? serverText('slip')}
            onChange={choose}
            data-testid="slip-file"
          />
          {preview && <img className="slip-preview" src={preview} alt={t('slip.preview')} />}
          <div className="slip-when">
            <TextField
              label={t('slip.date')}
              type="date"
              value={date}
              max={bangkokToday()}
              required
              error={required(date) ?? serverText('paymentDate')}
              onChange={(e) => setDate(e.target.value)}
              data-testid="slip-date"
            />
            <TextField
              label={t('slip.time')}
              hint={t('slip.timeHint')}
              type="time"
              step={60}
              value={time}
              required
              error={required(time) ?? serverText('paymentTime')}
              onChange={(e) => setTime(e.target.value)}
              data-testid="slip-time"
            />
          </div>
          <div className="form__actions">
            <Button variant="secondary" onClick={onClose}>
              {t('slip.cancel')}
            </Button>
            <Button type="submit" disabled={!file} loading={submit.isPending} data-testid="slip-submit">
              {file ? t('slip.confirm') : t('slip.choose')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
