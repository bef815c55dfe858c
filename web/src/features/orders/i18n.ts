import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/orders.json';
import en from '@/locales/en/orders.json';

// the member's orders page brings its own texts
addLazyTexts('orders', { th, en });
