import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/member-line.json';
import en from '@/locales/en/member-line.json';

// the LINE card's and callback page's texts (member.line.*), in their own namespace (issue 20)
addLazyTexts('memberLine', { th, en });
