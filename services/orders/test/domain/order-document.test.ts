import { describe, expect, it } from 'vitest';
import { orderDocument, type DocumentOrder } from '../../src/domain/order-document.js';

const seller = { name: 'ผู้ขาย', taxId: '0000000000000', address: 'ที่อยู่', phone: '00-000-0000' };
// 1,500.00 by card, 100.00 off: amount 1,400.00 (VAT 91.59 inside), fee 42.00 → net 1,442.00
const order: DocumentOrder = {
  reference: 'SPSK0000000007',
  status: 'wait',
  total: 150_000,
  discount: 10_000,
  vat: 9_159,
  fee: 4_200,
  withholding: 0,
  net: 144_200,
  receiptInfo: null,
  productTitle: null,
  userEmail: 'buyer@example.com',
  createdAt: new Date('2026-11-22T05:00:00Z'),
};

describe('orderDocument: what an order’s PDF says', () => {
  it('by status: paid → receipt/tax invoice, wait → invoice (not a tax document), not → none', () => {
    expect(orderDocument({ ...order, status: 'paid' }, seller)).toMatchObject({
      kind: 'receipt',
      title: 'ใบเสร็จรับเงิน/ใบกำกับภาษี (Receipt/Tax invoice)',
      notice: null,
    });
    expect(orderDocument(order, seller)).toMatchObject({
      kind: 'invoice',
      title: 'ใบแจ้งชำระเงิน (Invoice)',
      notice: 'เอกสารนี้ไม่ใช่ใบกำกับภาษี (This is not a tax invoice)',
    });
    expect(orderDocument({ ...order, status: 'not' }, seller)).toBeNull();
  });

  it('the sums: subtotal, discount, before VAT = amount − VAT, VAT, amount, card fee, net; the net in words', () => {
    const doc = orderDocument(order, seller)!;
    expect(doc.summary.map((l) => [l.label.replace(/ \(.*/, ''), l.amount])).toEqual([
      ['รวมเป็นเงิน', '1,500.00'],
      ['ส่วนลด', '-100.00'],
      ['มูลค่าก่อนภาษีมูลค่าเพิ่ม', '1,308.41'],
      ['ภาษีมูลค่าเพิ่ม 7%', '91.59'],
      ['รวมทั้งสิ้น', '1,400.00'],
      ['ค่าธรรมเนียมบัตร 3%', '42.00'],
      ['ยอดชำระสุทธิ', '1,442.00'],
    ]);
    expect(doc.inWords).toBe('(หนึ่งพันสี่ร้อยสี่สิบสองบาทถ้วน)');
    expect(doc.date).toBe('22 พฤศจิกายน 2569');
    expect(doc.items).toEqual([{ description: 'คำสั่งซื้อ (Order) SPSK0000000007', amount: '1,500.00' }]);
  });

  it('the buyer: a person with a tax id is named from the invoice section; without one, by name and e-mail', () => {
    const withTaxId = orderDocument(
      { ...order, receiptInfo: { type: 'person', name: 'สมชาย ใจดี', taxId: '1101700203451', zip: '10500' } },
      seller,
    )!;
    expect(withTaxId.buyer).toEqual([
      'สมชาย ใจดี',
      'เลขประจำตัวผู้เสียภาษี (Tax ID): 1101700203451',
      '10500',
      'อีเมล (E-mail): buyer@example.com',
    ]);
    const nameOnly = orderDocument({ ...order, receiptInfo: { type: 'person', name: 'สมชาย ใจดี' } }, seller)!;
    expect(nameOnly.buyer).toEqual(['สมชาย ใจดี', 'อีเมล (E-mail): buyer@example.com']);
    expect(orderDocument({ ...order, userEmail: null }, seller)!.buyer).toEqual(['อีเมล (E-mail): -']);
  });
});
