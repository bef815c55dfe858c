import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import th from '@/locales/th/common.json';
import en from '@/locales/en/common.json';
import type { Language } from '@/types/api';
import { useLanguageStore } from '@/stores/language-store';

export const resources = { th: { common: th }, en: { common: en } } as const;

export const LAZY_NAMESPACES = [
  'admin',
  'account',
  'member',
  'adminCatalog',
  'shop',
  'adminCoupons',
  'adminOrders',
  'orders',
  'orderView',
  'places',
  'checkout',
  'adminLearning',
  'pay',
  'memberLessons',
  'memberCalendar',
  'publicCourse',
  'memberWatch',
  'adminWatch',
  'memberLive',
  'adminLive',
  'checkin',
  'adminCheckin',
  'memberTerms',
  'memberGroups',
  'adminGroups',
  'bookings',
  'adminBookings',
  'memberLine',
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

const initial = useLanguageStore.getState().language;

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'th',
  supportedLngs: ['th', 'en'],
  defaultNS: 'common',
  ns: ['common'],
  // texts of the lazy parts (back office, account dialogs, member area) ship with their chunks and
  // register themselves (addLazyTexts); keys keep one flat space across namespaces
  fallbackNS: [...LAZY_NAMESPACES],
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyDocumentLanguage(initial);
i18n.on('languageChanged', applyDocumentLanguage);

// The store is the source of truth (persisted); i18next follows it.
useLanguageStore.subscribe((state) => {
  if (i18n.language !== state.language) void i18n.changeLanguage(state.language);
});

/** Registers a lazy chunk's texts (both languages) before its components render. */
export function addLazyTexts(ns: LazyNamespace, texts: Record<Language, object>): void {
  for (const language of ['th', 'en'] as const) {
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, texts[language]);
  }
}

/** The current UI language, as sent in Accept-Language. */
export function currentLanguage(): Language {
  return useLanguageStore.getState().language;
}

export default i18n;
