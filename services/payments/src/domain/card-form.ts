import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * 2C2P's redirect payment API, version 8.5 (spec 02 §9 "Card form"): the hidden form the browser posts
 * to the provider, and the backend notification it sends back. Both are signed with HMAC-SHA256 (the
 * merchant's secret key) over the values of the fields concatenated in the order 2C2P documents,
 * absent fields counting as empty; `hash_value` is the hex digest.
 */
export const CARD_FORM_VERSION = '8.5';
/** ISO 4217 numeric code of THB */
export const CURRENCY_THB = '764';
/** C: credit card */
export const PAYMENT_OPTION_CARD = 'C';

/** Request fields in 2C2P's signing order (8.5); we send a subset, the rest are empty. */
export const REQUEST_HASH_ORDER = [
  'version',
  'merchant_id',
  'payment_description',
  'order_id',
  'invoice_no',
  'currency',
  'amount',
  'customer_email',
  'pay_category_id',
  'promotion',
  'user_defined_1',
  'user_defined_2',
  'user_defined_3',
  'user_defined_4',
  'user_defined_5',
  'result_url_1',
  'result_url_2',
  'enable_store_card',
  'stored_card_unique_id',
  'request_3ds',
  'recurring',
  'order_prefix',
  'recurring_amount',
  'allow_accumulate',
  'max_accumulate_amount',
  'recurring_interval',
  'recurring_count',
  'charge_next_date',
  'charge_on_date',
  'payment_option',
  'ipp_interest_type',
  'payment_expiry',
  'default_lang',
  'statement_descriptor',
  'use_storedcard_only',
  'tokenize_without_authorization',
  'product',
  'ipp_period_filter',
  'sub_merchant_list',
  'qr_type',
  'custom_route_id',
  'airline_transaction',
  'airline_passenger_list',
  'address_list',
] as const;

/** Fields of the payment response (the backend notification) in 2C2P's signing order (8.5). */
export const RESPONSE_HASH_ORDER = [
  'version',
  'request_timestamp',
  'merchant_id',
  'order_id',
  'invoice_no',
  'currency',
  'amount',
  'transaction_ref',
  'approval_code',
  'eci',
  'transaction_datetime',
  'payment_channel',
  'payment_status',
  'channel_response_code',
  'channel_response_desc',
  'masked_pan',
  'stored_card_unique_id',
  'backend_invoice',
  'paid_channel',
  'paid_agent',
  'recurring_unique_id',
  'user_defined_1',
  'user_defined_2',
  'user_defined_3',
  'user_defined_4',
  'user_defined_5',
  'browser_info',
  'ippPeriod',
  'ippInterestType',
  'ippInterestRate',
  'ippMerchantAbsorbRate',
  'payment_scheme',
  'process_by',
  'sub_merchant_list',
] as const;

/** payment_status of a response: 000 paid; 001 pending, 002 rejected, 003 cancelled by the payer, 999 failed */
export const PAYMENT_STATUS_SUCCESS = '000';

/** Satang as 2C2P's amount: 12 digits, zero-padded, the last two the satang (฿150.00 → 000000015000). */
export function cardAmount(satang: number): string {
  if (!Number.isSafeInteger(satang) || satang < 0 || satang > 999_999_999_999) {
    throw new Error('amount out of range for a 12-digit field');
  }
  return String(satang).padStart(12, '0');
}

export function signFields(
  fields: Record<string, string | undefined>,
  order: readonly string[],
  secret: string,
): string {
  const text = order.map((k) => fields[k] ?? '').join('');
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** Hex digests compared in constant time, case-insensitively (2C2P's samples differ in case). */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase(), 'utf8');
  const y = Buffer.from(b.toLowerCase(), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface CardFormInput {
  merchantId: string;
  secret: string;
  /** our gateway session id: 2C2P's order_id (at most 20 alphanumerics, unique per payment) */
  orderId: string;
  description: string;
  amount: number;
  /** the browser comes back here (frontend return) */
  returnUrl: string;
  /** 2C2P posts the signed result here (backend notification) */
  notifyUrl: string;
  lang: 'th' | 'en';
  /** our own reference carried through (user_defined_1) */
  reference: string;
}

/** The hidden form's fields, `hash_value` last. */
export function cardFormFields(input: CardFormInput): Record<string, string> {
  const fields: Record<string, string> = {
    version: CARD_FORM_VERSION,
    merchant_id: input.merchantId,
    payment_description: input.description,
    order_id: input.orderId,
    currency: CURRENCY_THB,
    amount: cardAmount(input.amount),
    user_defined_1: input.reference,
    result_url_1: input.returnUrl,
    result_url_2: input.notifyUrl,
    payment_option: PAYMENT_OPTION_CARD,
    default_lang: input.lang,
  };
  return { ...fields, hash_value: signFields(fields, REQUEST_HASH_ORDER, input.secret) };
}

/** A response (backend notification) whose `hash_value` is right for the secret. */
export function responseSigned(fields: Record<string, string | undefined>, secret: string): boolean {
  const given = fields.hash_value;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  return sameHash(given, signFields(fields, RESPONSE_HASH_ORDER, secret));
}
