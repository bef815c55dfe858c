import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/member-watch.json';
import en from '@/locales/en/member-watch.json';

// watch statistics' texts (watch.*): the lesson page and the dashboard load them with their chunks
addLazyTexts('memberWatch', { th, en });
