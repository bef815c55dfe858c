import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { buttonClass } from '@/components/ui/button';
import { useAuthStore } from '@/stores/auth-store';

/**
 * Session expired (spec 01 §2 dialogs): the server refused the member's token and the refresh cookie
 * could not renew it. The only way on is /logout, so it cannot be dismissed.
 */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const expired = useAuthStore((s) => s.expired);
  return (
    <Dialog open={expired}>
      {expired && (
        <DialogContent
          title={t('session.expiredTitle')}
          description={t('session.expiredText')}
          closeLabel={t('form.close')}
          dismissible={false}
          role="alertdialog"
          data-testid="session-expired"
        >
          <div className="form__actions">
            <Link to="/logout" className={buttonClass('primary', 'md')} data-testid="session-expired-logout">
              {t('session.logout')}
            </Link>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
