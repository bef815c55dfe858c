import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/check-in.json';
import en from '@/locales/en/check-in.json';

// the /checkIn page's texts (checkIn.*) load with its chunk
addLazyTexts('checkin', { th, en });
