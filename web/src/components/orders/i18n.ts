import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/order-view.json';
import en from '@/locales/en/order-view.json';

// what an order shows (statuses, amounts, schedule) travels with the pages that show orders
addLazyTexts('orderView', { th, en });
