import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin-checkin.json';
import en from '@/locales/en/admin-checkin.json';

// /admin/userChecking and the kiosk's texts (checkinAdmin.*) load with their chunks
addLazyTexts('adminCheckin', { th, en });
