import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/member-live.json';
import en from '@/locales/en/member-live.json';

// the live pages' texts (member.live.*) load with their chunk, in their own namespace
addLazyTexts('memberLive', { th, en });
