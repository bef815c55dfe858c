import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin-catalog.json';
import en from '@/locales/en/admin-catalog.json';

// the catalog back office's texts travel with its chunk
addLazyTexts('adminCatalog', { th, en });
