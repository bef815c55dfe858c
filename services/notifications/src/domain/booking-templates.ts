import type { Locale } from '@rian/proto-contracts/enums';
import type { BookingStatus } from '@rian/proto-contracts/bookings';
import { renderTemplate } from './template-files.js';
import type { RenderedEmail } from './templates.js';

/** Spec 02 §7 sendMailById: staff send the person who booked an e-mail about their booking. */
export const BOOKING_MAIL_TEMPLATE = 'bookings.booking-mail';

export interface BookingMailInput {
  name: string;
  lname: string;
  productTitle: string;
  status: BookingStatus;
  confirm: 'Y' | 'N';
  quantity: number;
  /** MAIL_STAFF_CONTACT: how to reach staff (LINE, phone); empty: the site's address */
  staffContact: string;
  siteUrl: string;
  locale: Locale;
}

/** The booking e-mail, Thai or English: who, what was booked, its status and confirm state, how many, whom to ask. */
export function bookingMailEmail(input: BookingMailInput): RenderedEmail {
  return renderTemplate(BOOKING_MAIL_TEMPLATE, input.locale, {
    name: `${input.name} ${input.lname}`.trim(),
    productTitle: input.productTitle,
    statusNew: input.status === 'new',
    confirmed: input.confirm === 'Y',
    quantity: input.quantity,
    staffContact: input.staffContact.trim(),
    link: input.siteUrl.replace(/\/+$/, ''),
  });
}
