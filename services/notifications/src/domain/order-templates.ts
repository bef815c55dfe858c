import type { Locale } from '@rian/proto-contracts/enums';
import { escapeHtml, type RenderedEmail } from './templates.js';

/** Integer satang as `฿1,234.50` (two decimals, no float rounding). */
export function formatBaht(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(satang));
  const baht = Math.floor(abs / 100).toLocaleString('en-US');
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}฿${baht}.${cents}`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export interface OrderConfirmedInput {
  reference: string;
  productTitle: string | null;
  net: number;
  siteUrl: string;
  locale: Locale;
}

export const ORDER_CONFIRMED_TEMPLATE = 'orders.order-confirmed';
export const PAYMENT_REJECTED_TEMPLATE = 'payments.payment-rejected';

interface Block {
  subject: string;
  lines: string[];
  link: string;
}

function render(locale: Locale, b: Block): RenderedEmail {
  const text = [...b.lines, '', b.link, ''].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(b.subject)}</title></head>`,
    '<body style="font-family: sans-serif; color: #222;">',
    ...b.lines.filter((l) => l !== '').map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: b.subject, text, html };
}

/** The order-confirmed e-mail (spec 02 §9: with the group-joining steps), Thai or English. */
export function orderConfirmedEmail(input: OrderConfirmedInput): RenderedEmail {
  const amount = formatBaht(input.net);
  const member = `${trimSlash(input.siteUrl)}/member`;
  const title = input.productTitle;
  if (input.locale === 'en') {
    return render('en', {
      subject: `Your Rian order ${input.reference} is confirmed`,
      lines: [
        'Thank you, your payment has been confirmed.',
        '',
        `Order: ${input.reference}`,
        ...(title ? [`Product: ${title}`] : []),
        `Amount paid: ${amount}`,
        '',
        'How to join your groups:',
        '1. Sign in to Rian and open the member area.',
        '2. The member area lists the groups of your course; join each of them from there.',
        '',
        'The Rian team',
      ],
      link: member,
    });
  }
  return render('th', {
    subject: `ยืนยันคำสั่งซื้อ ${input.reference} - Rian`,
    lines: [
      'ขอบคุณค่ะ เราได้ยืนยันการชำระเงินของคุณแล้ว',
      '',
      `คำสั่งซื้อ: ${input.reference}`,
      ...(title ? [`สินค้า: ${title}`] : []),
      `ยอดชำระ: ${amount}`,
      '',
      'ขั้นตอนการเข้ากลุ่ม:',
      '1. เข้าสู่ระบบ Rian แล้วไปที่หน้าสมาชิก',
      '2. หน้าสมาชิกจะแสดงกลุ่มของคอร์สที่คุณต้องเข้าร่วม กดเข้าร่วมแต่ละกลุ่มได้จากหน้านั้น',
      '',
      'ทีมงาน Rian',
    ],
    link: member,
  });
}

export interface PaymentRejectedInput {
  reference: string;
  amount: number;
  note: string;
  siteUrl: string;
  locale: Locale;
}

/** Staff did not accept the transfer slip: the buyer is told why and can send another one. */
export function paymentRejectedEmail(input: PaymentRejectedInput): RenderedEmail {
  const amount = formatBaht(input.amount);
  const orders = `${trimSlash(input.siteUrl)}/orders`;
  if (input.locale === 'en') {
    return render('en', {
      subject: `Your payment slip for order ${input.reference} was not accepted`,
      lines: [
        `We could not confirm the transfer slip for order ${input.reference} (${amount}).`,
        `Note from our staff: ${input.note}`,
        '',
        'Please send a new slip from your orders page.',
        '',
        'The Rian team',
      ],
      link: orders,
    });
  }
  return render('th', {
    subject: `สลิปการโอนเงินของคำสั่งซื้อ ${input.reference} ไม่ผ่านการตรวจสอบ - Rian`,
    lines: [
      `เราไม่สามารถยืนยันสลิปการโอนเงินของคำสั่งซื้อ ${input.reference} (${amount}) ได้`,
      `หมายเหตุจากเจ้าหน้าที่: ${input.note}`,
      '',
      'กรุณาส่งสลิปใหม่ได้ที่หน้าคำสั่งซื้อของคุณ',
      '',
      'ทีมงาน Rian',
    ],
    link: orders,
  });
}

/** The staff chat text (spec 02 §7 sends an image; a text message for now). */
export function staffChatText(kind: 'slip-submitted' | 'order-paid', reference: string, net: number): string {
  const head = kind === 'slip-submitted' ? 'สลิปใหม่รอตรวจสอบ' : 'ชำระเงินแล้ว';
  return `${head}\nคำสั่งซื้อ ${reference}\n${formatBaht(net)}`;
}
