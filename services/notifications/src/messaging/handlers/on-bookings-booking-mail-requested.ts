import { on } from '@rian/kit/consumer';
import { BookingMailRequested } from '@rian/proto-contracts/bookings';
import type { Config } from '../../config.js';
import { BOOKING_MAIL_TEMPLATE, bookingMailEmail } from '../../domain/booking-templates.js';
import { enqueueDelivery } from '../../plugins/app/delivery-log.js';

/**
 * Staff asked for the booking e-mail (bookings' sendMailById): one e-mail per request, to the
 * address the person booked with (a booking by key needs no account), in the language staff chose.
 * The inbox makes a redelivered event send nothing more; a second request is a new event and a new e-mail.
 */
export const onBookingsBookingMailRequested = (config: Config) =>
  on(BookingMailRequested, async (event, { em }) => {
    const d = event.data;
    await enqueueDelivery(em, {
      channel: 'email',
      to: d.email,
      template: BOOKING_MAIL_TEMPLATE,
      locale: d.lang,
      message: bookingMailEmail({
        name: d.name,
        lname: d.lname,
        productTitle: d.productTitle,
        status: d.status,
        confirm: d.confirm,
        quantity: d.quantity,
        staffContact: config.MAIL_STAFF_CONTACT,
        siteUrl: config.SITE_URL,
        locale: d.lang,
      }),
      eventId: event.id,
    });
  });
