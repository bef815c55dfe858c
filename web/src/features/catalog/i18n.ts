import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/shop.json';
import en from '@/locales/en/shop.json';

// the shop's page texts (product page, pricing, speakers, all courses) travel with their chunks
addLazyTexts('shop', { th, en });
