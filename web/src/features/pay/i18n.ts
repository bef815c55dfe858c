import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/pay.json';
import en from '@/locales/en/pay.json';

// the payment pages bring their own texts
addLazyTexts('pay', { th, en });
