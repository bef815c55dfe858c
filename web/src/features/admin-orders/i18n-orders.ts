import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin-orders.json';
import en from '@/locales/en/admin-orders.json';

// the orders back office's texts travel with its chunk
addLazyTexts('adminOrders', { th, en });
