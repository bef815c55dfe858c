import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin-live.json';
import en from '@/locales/en/admin-live.json';

// /admin/liveStreaming's texts (liveAdmin.*) load with its chunk, in their own namespace
addLazyTexts('adminLive', { th, en });
