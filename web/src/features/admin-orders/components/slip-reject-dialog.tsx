import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSlipRow } from '@rian/proto-contracts/payments';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useRejectSlip } from '../api/slip-reject';

/** Reject a slip with a note for the buyer (required: blank counts as missing, as on the server). */
export function SlipRejectDialog({ slip, onClose }: { slip: AdminSlipRow; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const reject = useRejectSlip();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') {
      setMissing(true);
      return;
    }
    reject.mutate({ id: slip.id, note: note.trim() }, { onSuccess: onClose });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('slipsAdmin.rejectTitle', { reference: slip.reference })}
        description={t('slipsAdmin.rejectText')}
        closeLabel={t('slipsAdmin.close')}
        className="register-dialog"
        data-testid="slip-reject-dialog"
      >
        <form className="form" noValidate onSubmit={submit}>
          {reject.isError && <Alert>{problemText(reject.error, language)}</Alert>}
          <TextAreaField
            label={t('slipsAdmin.note')}
            value={note}
            required
            maxLength={1000}
            error={missing && note.trim() === '' ? t('validation.required') : null}
            onChange={(e) => setNote(e.target.value)}
            data-testid="slip-reject-note"
          />
          <div className="form__actions">
            <Button variant="secondary" onClick={onClose}>
              {t('slipsAdmin.cancel')}
            </Button>
            <Button type="submit" variant="danger" loading={reject.isPending} data-testid="slip-reject-save">
              {t('slipsAdmin.rejectConfirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
