import type common from '@/locales/th/common.json';

// Typed keys: a `t('...')` with a key missing from the Thai file fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common };
  }
}
