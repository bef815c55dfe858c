import { useTranslation } from 'react-i18next';
import type { TermsView } from '@rian/proto-contracts/learning-terms';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TermsPanel } from './terms-panel';

/**
 * The course terms dialog (spec 01 §2): persistent — no close, no Escape — until signed; then it
 * shows the signed PDF's link and a close button.
 */
export default function TermsDialog({ view, onClose }: { view: TermsView; onClose: () => void }) {
  const { t } = useTranslation();
  const signed = view.signature === 'Y';
  return (
    <Dialog open onOpenChange={(open) => !open && signed && onClose()}>
      <DialogContent
        className="member-dialog member-dialog--wide terms-dialog"
        title={t('terms.title')}
        description={t(signed ? 'terms.doneText' : 'terms.intro')}
        closeLabel={t('terms.close')}
        dismissible={signed}
        data-testid="terms-dialog"
      >
        <TermsPanel view={view} />
        {signed && (
          <div className="form__actions">
            <Button variant="secondary" onClick={onClose} data-testid="terms-close">
              {t('terms.close')}
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
