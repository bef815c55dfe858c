import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FacebookIcon } from '@/components/ui/icons';
import { usePublicConfig } from '../api/get-public-config';
import { startFacebookLogin } from '../lib/facebook-redirect';

/** "Continue with Facebook" — only when the server has the social login configured. */
export function FacebookButton() {
  const { t } = useTranslation();
  const facebook = usePublicConfig().data?.facebook;
  if (!facebook) return null;
  return (
    <>
      <p className="form__or">
        <span>{t('facebook.or')}</span>
      </p>
      <Button
        variant="facebook"
        size="lg"
        className="form__submit"
        onClick={() => startFacebookLogin(facebook)}
        data-testid="facebook-login"
      >
        <FacebookIcon />
        {t('facebook.continue')}
      </Button>
    </>
  );
}
