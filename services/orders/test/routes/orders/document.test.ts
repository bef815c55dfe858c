import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { OrderView } from '@rian/proto-contracts/orders';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { CatalogBus, newId, priceChanged, productChanged, rows, TestClock } from '../../helpers.js';
import { pdfText, squash } from '@rian/kit/testing-pdf-text';

/**
 * GET /orders/:id/document.pdf against the real PostgreSQL, NATS and Redis; the PDF is read back
 * with pdf.js. Clock 2026-04-15 05:00 UTC = 15 เมษายน 2569, 12:00 in Bangkok.
 *   paid:    GOLD 1,500.00 by transfer, company receipt: VAT 98.13 inside, before VAT 1,401.87,
 *            withholding round(150000 × 3 / 107) = 42.06 → net 1,457.94; then set paid by hand
 *            (payment approval is issue 6)
 *   waiting: GOLD 1,500.00 by card, coupon 100.00 off: 1,400.00, VAT 91.59 inside (before VAT
 *            1,308.41), card fee 3% = 42.00 → net 1,442.00
 */
describe('order documents (PDF)', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: CatalogBus;
  let issuer: TestTokenIssuer;
  const clock = new TestClock(new Date('2026-04-15T05:00:00Z'));
  const gold = newId();
  const goldPrice = newId();
  const buyer = newId();
  const buyerEmail = `${buyer.slice(-8)}@example.com`;
  let paid: OrderView;
  let waiting: OrderView;
  let cancelled: OrderView;

  const member = (sub: string) =>
    issuer.member(sub, { membershipCodes: ['NL'], email: `${sub.slice(-8)}@example.com` });
  let keyN = 0;
  const place = async (body: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { authorization: `Bearer ${await member(buyer)}`, 'idempotency-key': `doc-${++keyN}` },
      payload: { productId: gold, priceId: goldPrice, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: OrderView }>().order;
  };
  const fetchPdf = async (id: string, token: string | null) =>
    app.inject({
      method: 'GET',
      url: `/orders/${id}/document.pdf`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await buildApp(
      readConfig(
        env.envFor('orders', {
          PORT: '0',
          SELLER_NAME: 'บริษัท เรียน ทดสอบ จำกัด',
          SELLER_TAX_ID: '0105599999999',
          SELLER_ADDRESS: '99 ถนนทดสอบ แขวงทดสอบ เขตทดสอบ กรุงเทพมหานคร 10110',
          SELLER_PHONE: '02-000-0001',
        }),
      ),
      { tokenKeys: issuer.keys, clock: clock.now },
    );
    await app.ready();
    bus = await CatalogBus.open(env);
    await bus.deliver(productChanged(gold, { title: 'คอร์สเทรดทองคำ (Gold trading)' }));
    await bus.deliver(priceChanged(gold, goldPrice, { value: 150_000 }));
    await rows(
      app,
      `insert into coupons (coupon_id, code, product_id, type, price) values (?, 'DOC100', ?, 'Price', 10000)`,
      [newId(), gold],
    );
    paid = await place({
      paymentType: 4,
      receipt: {
        type: 'company',
        name: 'บริษัท ผู้ซื้อ จำกัด',
        taxId: '0105551234567',
        address: '1 ถนนสีลม',
        province: 'กรุงเทพมหานคร',
        district: 'บางรัก',
        subDistrict: 'สีลม',
        zip: '10500',
        phone: '0812345678',
      },
    });
    await rows(app, `update orders set status = 'paid' where order_id = ?`, [paid.id]);
    waiting = await place({ paymentType: 1, couponCode: 'DOC100' });
    cancelled = await place({ paymentType: 4 });
    await rows(app, `update orders set status = 'not' where order_id = ?`, [cancelled.id]);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  it('a paid order: one page "ใบเสร็จรับเงิน/ใบกำกับภาษี", seller, company buyer, the sums, the net in figures and Thai words', async () => {
    expect(paid).toMatchObject({ net: 145_794, vat: 9_813, withholding: 4_206 });
    const res = await fetchPdf(paid.id, await member(buyer));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${paid.reference}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).not.toContain('\f');
    const flat = squash(text);
    for (const shown of [
      'ใบเสร็จรับเงิน/ใบกำกับภาษี (Receipt/Tax invoice)',
      `เลขที่ (No.): ${paid.reference}`,
      'วันที่ (Date): 15 เมษายน 2569',
      'บริษัท เรียน ทดสอบ จำกัด',
      'เลขประจำตัวผู้เสียภาษี (Tax ID): 0105599999999',
      '02-000-0001',
      'บริษัท ผู้ซื้อ จำกัด',
      'เลขประจำตัวผู้เสียภาษี (Tax ID): 0105551234567',
      '1 ถนนสีลม สีลม บางรัก กรุงเทพมหานคร 10500',
      'คอร์สเทรดทองคำ (Gold trading)',
      'มูลค่าก่อนภาษีมูลค่าเพิ่ม (Amount before VAT)1,401.87',
      'ภาษีมูลค่าเพิ่ม 7% (VAT 7%)98.13',
      'หักภาษี ณ ที่จ่าย 3% (Withholding tax 3%)-42.06',
      'ยอดชำระสุทธิ (Net amount)1,457.94',
      '(หนึ่งพันสี่ร้อยห้าสิบเจ็ดบาทเก้าสิบสี่สตางค์)',
    ]) {
      expect(flat, shown).toContain(squash(shown));
    }
    expect(flat).not.toContain(squash('ใบแจ้งชำระเงิน'));
    expect(flat).not.toContain(squash('ค่าธรรมเนียมบัตร'));
  });

  it('a waiting order: "ใบแจ้งชำระเงิน (Invoice)", not a tax invoice, buyer by e-mail, card fee, the net in words', async () => {
    expect(waiting).toMatchObject({ net: 144_200, fee: 4_200, vat: 9_159, discount: 10_000 });
    const res = await fetchPdf(waiting.id, await member(buyer));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const flat = squash(await pdfText(res.rawPayload));
    for (const shown of [
      'ใบแจ้งชำระเงิน (Invoice)',
      'เอกสารนี้ไม่ใช่ใบกำกับภาษี (This is not a tax invoice)',
      `เลขที่ (No.): ${waiting.reference}`,
      `อีเมล (E-mail): ${buyerEmail}`,
      'ส่วนลด (Discount)-100.00',
      'มูลค่าก่อนภาษีมูลค่าเพิ่ม (Amount before VAT)1,308.41',
      'ค่าธรรมเนียมบัตร 3% (Card fee 3%)42.00',
      'ยอดชำระสุทธิ (Net amount)1,442.00',
      '(หนึ่งพันสี่ร้อยสี่สิบสองบาทถ้วน)',
    ]) {
      expect(flat, shown).toContain(squash(shown));
    }
    expect(flat).not.toContain(squash('ใบเสร็จรับเงิน'));
    expect(flat).not.toContain(squash('หักภาษี ณ ที่จ่าย'));
  });

  it('staff may fetch any order’s document', async () => {
    const res = await fetchPdf(waiting.id, await issuer.staff('staff'));
    expect(res.statusCode).toBe(200);
    expect(squash(await pdfText(res.rawPayload))).toContain(waiting.reference);
  });

  it('another member: 404 as if there were no such order; anonymous 401; unknown 404', async () => {
    const stranger = await fetchPdf(paid.id, await member(newId()));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'orders.order_not_found' });
    expect((await fetchPdf(paid.id, null)).statusCode).toBe(401);
    expect((await fetchPdf(newId(), await member(buyer))).statusCode).toBe(404);
  });

  it('a cancelled order has no document: 409 problem (to its owner; to a stranger still 404)', async () => {
    const res = await fetchPdf(cancelled.id, await member(buyer));
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'orders.document_unavailable' });
    expect((await fetchPdf(cancelled.id, await member(newId()))).statusCode).toBe(404);
  });
});
