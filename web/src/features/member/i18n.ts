import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/member.json';
import en from '@/locales/en/member.json';

// the member area's texts load with its chunk
addLazyTexts('member', { th, en });
