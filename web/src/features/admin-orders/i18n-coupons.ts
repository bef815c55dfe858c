import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin-coupons.json';
import en from '@/locales/en/admin-coupons.json';

// the coupon back office's texts travel with its chunk
addLazyTexts('adminCoupons', { th, en });
