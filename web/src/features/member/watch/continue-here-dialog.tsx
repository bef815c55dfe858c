import { useTranslation } from 'react-i18next';
import type { PlaybackElsewhere } from '@rian/proto-contracts/learning-watch';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import '../i18n-watch';

/**
 * "Continue here?" (issue 14): the account plays on another device. An alert dialog — the member
 * must answer; focus starts on Cancel (nothing changes by accident), Escape cancels.
 */
export function ContinueHereDialog({
  open,
  elsewhere,
  pending,
  onContinue,
  onCancel,
}: {
  open: boolean;
  elsewhere: PlaybackElsewhere | null;
  pending: boolean;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={t('watch.elsewhere.title')}
      description={t('watch.elsewhere.description')}
      confirmLabel={t('watch.elsewhere.continue')}
      cancelLabel={t('watch.elsewhere.cancel')}
      confirmVariant="primary"
      pending={pending}
      onConfirm={onContinue}
    >
      {elsewhere && (
        <ul className="watch-elsewhere" data-testid="continue-here-other">
          <li>
            {t('watch.elsewhere.device', {
              device: elsewhere.device ?? t('watch.elsewhere.unknownDevice'),
            })}
          </li>
          {elsewhere.videoName && <li>{t('watch.elsewhere.video', { name: elsewhere.videoName })}</li>}
          <li>{t('watch.elsewhere.since', { time: formatDateTime(elsewhere.since, language) })}</li>
        </ul>
      )}
    </ConfirmDialog>
  );
}
