import type { ReceiptRequest } from '@rian/proto-contracts/orders';
import { bahtFigures, bahtText } from './baht-text.js';
import { thaiDate } from './bangkok-time.js';
import { PAID, WAITING, type OrderStatus } from './order-status.js';

/**
 * What an order's document says (spec 02 §9 "Company receipts", issue 5): a receipt/tax invoice
 * once paid, an invoice while waiting (not a tax document), none when cancelled. Pure: the PDF
 * renderer only lays these texts out.
 */

/** The seller block, from the service's settings (SELLER_*). */
export interface Seller {
  name: string;
  taxId: string;
  address: string;
  phone: string;
}

export interface DocumentOrder {
  reference: string;
  status: OrderStatus;
  total: number;
  discount: number;
  vat: number;
  fee: number;
  withholding: number;
  net: number;
  receiptInfo: ReceiptRequest | null;
  productTitle: string | null;
  userEmail: string | null;
  createdAt: Date;
}

export type DocumentKind = 'receipt' | 'invoice';

export interface SummaryLine {
  label: string;
  amount: string;
  strong?: boolean;
}

export interface OrderDocument {
  kind: DocumentKind;
  title: string;
  /** said under the title (the invoice is not a tax invoice) */
  notice: string | null;
  number: string;
  date: string;
  seller: { name: string; lines: string[] };
  buyer: string[];
  items: { description: string; amount: string }[];
  summary: SummaryLine[];
  /** the net in Thai words, in parentheses */
  inWords: string;
  footer: string;
}

/** paid → receipt/tax invoice, wait → invoice, cancelled (not) → none. */
export function documentKind(status: OrderStatus): DocumentKind | null {
  return status === PAID ? 'receipt' : status === WAITING ? 'invoice' : null;
}

const TITLES: Record<DocumentKind, string> = {
  receipt: 'ใบเสร็จรับเงิน/ใบกำกับภาษี (Receipt/Tax invoice)',
  invoice: 'ใบแจ้งชำระเงิน (Invoice)',
};

const minus = (satang: number) => `-${bahtFigures(satang)}`;

/** A company, or a person who gave a tax id, is named as the invoice section gave it; anyone else by e-mail. */
function buyerLines(info: ReceiptRequest | null, email: string | null): string[] {
  const emailLine = `อีเมล (E-mail): ${email ?? '-'}`;
  if (info && (info.type === 'company' || info.taxId)) {
    const address = [info.address, info.subDistrict, info.district, info.province, info.zip]
      .filter(Boolean)
      .join(' ');
    return [
      info.name ?? '',
      info.taxId ? `เลขประจำตัวผู้เสียภาษี (Tax ID): ${info.taxId}` : '',
      address,
      info.phone ? `โทร (Tel.): ${info.phone}` : '',
      email ? emailLine : '',
    ].filter(Boolean);
  }
  return [info?.name ?? '', emailLine].filter(Boolean);
}

/**
 * The document of an order, or null for a cancelled one. Amounts are the order's own (checkout
 * computed them, spec 02 §9): amount = total − discount, VAT is inside it (before VAT = amount − vat),
 * the card fee is added and a company's withholding taken off to give the net.
 */
export function orderDocument(order: DocumentOrder, seller: Seller): OrderDocument | null {
  const kind = documentKind(order.status);
  if (!kind) return null;
  const amount = order.total - order.discount;
  const summary: SummaryLine[] = [{ label: 'รวมเป็นเงิน (Subtotal)', amount: bahtFigures(order.total) }];
  if (order.discount > 0) summary.push({ label: 'ส่วนลด (Discount)', amount: minus(order.discount) });
  summary.push(
    { label: 'มูลค่าก่อนภาษีมูลค่าเพิ่ม (Amount before VAT)', amount: bahtFigures(amount - order.vat) },
    { label: 'ภาษีมูลค่าเพิ่ม 7% (VAT 7%)', amount: bahtFigures(order.vat) },
    { label: 'รวมทั้งสิ้น (Total incl. VAT)', amount: bahtFigures(amount) },
  );
  if (order.fee > 0)
    summary.push({ label: 'ค่าธรรมเนียมบัตร 3% (Card fee 3%)', amount: bahtFigures(order.fee) });
  if (order.withholding > 0)
    summary.push({
      label: 'หักภาษี ณ ที่จ่าย 3% (Withholding tax 3%)',
      amount: minus(order.withholding),
    });
  summary.push({ label: 'ยอดชำระสุทธิ (Net amount)', amount: bahtFigures(order.net), strong: true });

  return {
    kind,
    title: TITLES[kind],
    notice: kind === 'invoice' ? 'เอกสารนี้ไม่ใช่ใบกำกับภาษี (This is not a tax invoice)' : null,
    number: order.reference,
    date: thaiDate(order.createdAt),
    seller: {
      name: seller.name,
      lines: [seller.address, `เลขประจำตัวผู้เสียภาษี (Tax ID): ${seller.taxId}`, `โทร (Tel.): ${seller.phone}`],
    },
    buyer: buyerLines(order.receiptInfo, order.userEmail),
    items: [
      {
        description: order.productTitle ?? `คำสั่งซื้อ (Order) ${order.reference}`,
        amount: bahtFigures(order.total),
      },
    ],
    summary,
    inWords: `(${bahtText(order.net)})`,
    footer:
      kind === 'receipt'
        ? 'ได้รับเงินถูกต้องแล้ว (Payment received) · เอกสารนี้จัดทำโดยระบบคอมพิวเตอร์ (Computer-generated document)'
        : 'กรุณาชำระเงินตามยอดสุทธิ (Please pay the net amount) · เอกสารนี้จัดทำโดยระบบคอมพิวเตอร์ (Computer-generated document)',
  };
}
