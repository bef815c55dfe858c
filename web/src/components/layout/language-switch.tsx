import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '@/stores/language-store';
import { useAuthStore } from '@/stores/auth-store';
import { saveMemberLanguage } from '@/features/account/api/set-locale';

/**
 * TH / EN toggle: one button, the active language highlighted; the choice is persisted, and a
 * signed-in member's e-mails follow it (auth stores it).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const setLanguage = useLanguageStore((s) => s.setLanguage);
  const next = language === 'th' ? 'en' : 'th';
  const signedIn = useAuthStore((s) => s.token !== null && s.user !== null);
  const switchTo = () => {
    setLanguage(next);
    if (signedIn) void saveMemberLanguage(next);
  };
  return (
    <button type="button" className="lang-switch" data-testid="lang-switch" onClick={switchTo}>
      {/* the name keeps the visible "TH / EN" in it (WCAG 2.5.3 label in name) */}
      <span className="sr-only">{next === 'en' ? t('language.switchToEn') : t('language.switchToTh')}: </span>
      <span lang="th" className={language === 'th' ? 'is-active' : undefined}>
        TH
      </span>
      <span aria-hidden="true" className="lang-switch__sep">
        /
      </span>
      <span lang="en" className={language === 'en' ? 'is-active' : undefined}>
        EN
      </span>
    </button>
  );
}
