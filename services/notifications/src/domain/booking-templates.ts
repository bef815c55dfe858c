import type { Locale } from '@rian/proto-contracts/enums';
import type { BookingStatus } from '@rian/proto-contracts/bookings';
import { escapeHtml, type RenderedEmail } from './templates.js';

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

const STATUS: Record<Locale, Record<BookingStatus, string>> = {
  th: { new: 'ได้รับการจองแล้ว', wait: 'รอตรวจสอบการชำระเงิน' },
  en: { new: 'received', wait: 'waiting for the payment to be checked' },
};
const CONFIRM: Record<Locale, Record<'Y' | 'N', string>> = {
  th: { Y: 'ยืนยันแล้ว', N: 'ยังไม่ยืนยัน' },
  en: { Y: 'confirmed', N: 'not confirmed yet' },
};

/** The booking e-mail, Thai or English: who, what was booked, its status and confirm state, how many, whom to ask. */
export function bookingMailEmail(input: BookingMailInput): RenderedEmail {
  const site = input.siteUrl.replace(/\/+$/, '');
  const name = `${input.name} ${input.lname}`.trim();
  const contact = input.staffContact.trim();
  const lines =
    input.locale === 'en'
      ? [
          `Dear ${name},`,
          `Your booking of ${input.productTitle}:`,
          `Status: ${STATUS.en[input.status]}`,
          `Confirmation: ${CONFIRM.en[input.confirm]}`,
          `Quantity: ${input.quantity}`,
          contact
            ? `Questions? Contact our staff: ${contact}`
            : `Questions? Contact our staff through ${site}`,
          '',
          'The Rian team',
        ]
      : [
          `เรียน คุณ${name}`,
          `การจอง ${input.productTitle} ของคุณ`,
          `สถานะ: ${STATUS.th[input.status]}`,
          `การยืนยัน: ${CONFIRM.th[input.confirm]}`,
          `จำนวน: ${input.quantity}`,
          contact ? `สอบถามเพิ่มเติม ติดต่อเจ้าหน้าที่: ${contact}` : `สอบถามเพิ่มเติม ติดต่อเจ้าหน้าที่ได้ที่ ${site}`,
          '',
          'ทีมงาน Rian',
        ];
  const subject =
    input.locale === 'en'
      ? `Your booking of ${input.productTitle} - Rian`
      : `การจอง ${input.productTitle} ของคุณ - Rian`;
  const text = [...lines, '', site, ''].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${input.locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; color: #222;">',
    ...lines.filter((l) => l !== '').map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(site)}">${escapeHtml(site)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
