import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/places.json';
import en from '@/locales/en/places.json';

// the picker's words travel with the picker (account dialogs, checkout), not with the first page
addLazyTexts('places', { th, en });
