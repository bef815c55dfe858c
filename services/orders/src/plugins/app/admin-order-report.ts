import { csvDocument } from '@rian/kit/csv';

/** The /admin/orders report: one CSV line per order, money in baht, times in Asia/Bangkok. */

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v);

/** Satang → baht with 2 decimals, exactly (no floating point). */
export function baht(satang: number): string {
  const s = Math.abs(satang);
  return `${satang < 0 ? '-' : ''}${Math.floor(s / 100)}.${String(s % 100).padStart(2, '0')}`;
}

const bangkokText = (v: unknown) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(v instanceof Date ? v : new Date(String(v)));

export const REPORT_HEADER = [
  'orderedAt',
  'reference',
  'orderNo',
  'status',
  'userEmail',
  'product',
  'paymentType',
  'total',
  'discount',
  'vat',
  'fee',
  'withholding',
  'net',
  'bookSend',
  'tracking',
];

/** Orders (rows as the back office selects them) as CSV: BOM (Excel reads UTF-8 Thai), header, baht. */
export function ordersCsv(rows: Row[]): string {
  return csvDocument(
    REPORT_HEADER,
    rows.map((r) => [
      bangkokText(r.created_at),
      String(r.reference),
      num(r.order_no),
      String(r.status),
      (r.user_email as string | null) ?? null,
      (r.product_title as string | null) ?? null,
      num(r.payment_type),
      baht(num(r.total)),
      baht(num(r.discount)),
      baht(num(r.vat)),
      baht(num(r.fee)),
      baht(num(r.withholding)),
      baht(num(r.net)),
      String(r.book_send),
      (r.tracking as string | null) ?? null,
    ]),
  );
}
