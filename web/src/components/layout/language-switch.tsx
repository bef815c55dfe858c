import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '@/stores/language-store';

/** TH / EN toggle: one button, the active language highlighted; the choice is persisted. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const setLanguage = useLanguageStore((s) => s.setLanguage);
  const next = language === 'th' ? 'en' : 'th';
  return (
    <button type="button" className="lang-switch" data-testid="lang-switch" onClick={() => setLanguage(next)}>
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
