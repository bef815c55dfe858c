import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/member-calendar.json';
import en from '@/locales/en/member-calendar.json';

// the calendar's texts (member.calendar.*) load with the calendar's chunk
addLazyTexts('memberCalendar', { th, en });
