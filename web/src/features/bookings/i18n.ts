import { addLazyTexts } from '@/lib/i18n';
import th from '@/locales/th/bookings.json';
import en from '@/locales/en/bookings.json';

// the booking page's and the book-delivery dialog's texts (booking.*, bookDelivery.*) load with them
addLazyTexts('bookings', { th, en });
