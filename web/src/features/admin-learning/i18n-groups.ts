import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin-groups.json';
import en from '@/locales/en/admin-groups.json';

// the member groups back office's texts (groupsAdmin.*), in their own namespace
addLazyTexts('adminGroups', { th, en });
