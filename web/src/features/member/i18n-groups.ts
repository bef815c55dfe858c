import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/member-groups.json';
import en from '@/locales/en/member-groups.json';

// the group prompts' and dialogs' texts (memberGroups.*), in their own namespace
addLazyTexts('memberGroups', { th, en });
