import type { Locale } from '@rian/proto-contracts/enums';
import { renderTemplate } from './template-files.js';
import type { RenderedEmail } from './templates.js';

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
/** the paid-order picture sent to staff chat (spec 02 §7), and the template of its words */
export const ORDER_IMAGE_TEMPLATE = 'staff-chat.order-image';

/** The order-confirmed e-mail (spec 02 §9: with the group-joining steps), Thai or English. */
export function orderConfirmedEmail(input: OrderConfirmedInput): RenderedEmail {
  return renderTemplate(ORDER_CONFIRMED_TEMPLATE, input.locale, {
    reference: input.reference,
    productTitle: input.productTitle,
    amount: formatBaht(input.net),
    link: `${trimSlash(input.siteUrl)}/member`,
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
  return renderTemplate(PAYMENT_REJECTED_TEMPLATE, input.locale, {
    reference: input.reference,
    amount: formatBaht(input.amount),
    note: input.note,
    link: `${trimSlash(input.siteUrl)}/orders`,
  });
}

/** The staff chat text (spec 02 §7 sends an image; a text message for now). */
export function staffChatText(kind: 'slip-submitted' | 'order-paid', reference: string, net: number): string {
  return renderTemplate(`staff-chat.${kind}`, 'th', { reference, amount: formatBaht(net) }).text;
}

/** The words on the paid-order picture (plugins/app/order-image.ts): its heading and the reference line. */
export function orderImageWords(
  installments: boolean,
  reference: string,
): { heading: string; referenceLine: string } {
  const [heading = '', referenceLine = ''] = renderTemplate(ORDER_IMAGE_TEMPLATE, 'th', {
    installments,
    reference,
  }).text.split('\n');
  return { heading, referenceLine };
}
