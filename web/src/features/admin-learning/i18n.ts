import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin-learning.json';
import en from '@/locales/en/admin-learning.json';

// the learning back office's texts travel with its chunk
addLazyTexts('adminLearning', { th, en });
