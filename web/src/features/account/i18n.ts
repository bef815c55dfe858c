import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/account.json';
import en from '@/locales/en/account.json';

// the profile and address dialogs' texts load with them, on first use
addLazyTexts('account', { th, en });
