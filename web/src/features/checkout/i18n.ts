import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/checkout.json';
import en from '@/locales/en/checkout.json';

// checkout's texts travel with its chunk, loaded when "buy now" is pressed
addLazyTexts('checkout', { th, en });
