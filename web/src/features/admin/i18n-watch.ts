import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin-watch.json';
import en from '@/locales/en/admin-watch.json';

// the back office's watch-statistics texts (watchAdmin.*), with the pages that show them
addLazyTexts('adminWatch', { th, en });
