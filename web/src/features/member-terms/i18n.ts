import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/member-terms.json';
import en from '@/locales/en/member-terms.json';

// the course terms' texts (terms.*) load with the dialog's and the /signature page's chunk
addLazyTexts('memberTerms', { th, en });
