import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/public-course.json';
import en from '@/locales/en/public-course.json';

// the public course pages' texts (publicCourse.*) travel with their chunks
addLazyTexts('publicCourse', { th, en });
