import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin.json';
import en from '@/locales/en/admin.json';

// the back office's texts travel with the admin chunks, not with the public entry
addLazyTexts('admin', { th, en });
