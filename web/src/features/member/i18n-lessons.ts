import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/member-lessons.json';
import en from '@/locales/en/member-lessons.json';

// the lesson page's texts (member.lessons.*) load with its chunk, in their own namespace
addLazyTexts('memberLessons', { th, en });
