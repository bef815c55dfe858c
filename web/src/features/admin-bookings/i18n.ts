import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/admin-bookings.json';
import en from '@/locales/en/admin-bookings.json';

// /admin/userCourseBooking's texts (bookingsAdmin.*) load with its chunk
addLazyTexts('adminBookings', { th, en });
