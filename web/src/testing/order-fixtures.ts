import type { OrderView } from '@rian/proto-contracts/orders';
import type { AdminOrderRow, AdminOrderView } from '@rian/proto-contracts/orders-admin';

export const ORDER_ID = '0190b0c0-0000-7000-8000-000000000001';
export const PRODUCT_ID = '0190a0b0-0000-7000-8000-000000000001';
const PRICE_ID = '0190a0b0-0000-7000-8000-0000000000aa';

/**
 * An order as GET /orders/mine and /orders/:id answer it: a card payment for a company with a
 * coupon, so every amount differs (total 10,000.00 − discount 1,000.00 + fee 270.00 − withholding
 * 252.34 = net 9,017.66; VAT inside 588.79). Override what a test is about.
 */
export function makeOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: ORDER_ID,
    orderNo: 42,
    reference: 'SPSK0000000042',
    userId: 'u1',
    status: 'wait',
    paymentType: 1,
    total: 1_000_000,
    discount: 100_000,
    vat: 58_879,
    fee: 27_000,
    withholding: 25_234,
    net: 901_766,
    receipt: 'Y',
    receiptType: 'company',
    couponId: '0190c0d0-0000-7000-8000-000000000001',
    couponCode: 'SAVE10',
    productTitle: 'Trading 101',
    receiptInfo: {
      type: 'company',
      name: 'บริษัท ตัวอย่าง จำกัด',
      taxId: '0105551234567',
      address: '1 ถนนสุขุมวิท',
      province: 'กรุงเทพมหานคร',
      district: 'วัฒนา',
      subDistrict: 'คลองตันเหนือ',
      zip: '10110',
      phone: '0812345678',
    },
    invite: null,
    details: [
      {
        productId: PRODUCT_ID,
        priceId: PRICE_ID,
        couponId: '0190c0d0-0000-7000-8000-000000000001',
        price: 1_000_000,
        discount: 100_000,
        net: 900_000,
        coin: 0,
      },
    ],
    installments: [],
    createdAt: '2026-03-01T03:30:00.000Z',
    ...overrides,
  };
}

/** The same order in the back office (buyer, product, staff flags). */
export function makeAdminOrder(overrides: Partial<AdminOrderView> = {}): AdminOrderView {
  return {
    ...makeOrder(),
    userEmail: 'somchai@example.com',
    productId: PRODUCT_ID,
    bookSend: 'N',
    tracking: null,
    trackingBy: null,
    certificate: 'N',
    bookAddress: null,
    ...overrides,
  };
}

/** A row of GET /admin/orders. */
export function makeAdminOrderRow(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  const o = makeAdminOrder();
  return {
    id: o.id,
    orderNo: o.orderNo,
    reference: o.reference,
    userId: o.userId,
    status: o.status,
    paymentType: o.paymentType,
    total: o.total,
    discount: o.discount,
    net: o.net,
    createdAt: o.createdAt,
    productTitle: o.productTitle,
    invite: o.invite,
    couponCode: o.couponCode,
    userEmail: o.userEmail,
    productId: o.productId,
    bookSend: o.bookSend,
    tracking: o.tracking,
    trackingBy: o.trackingBy,
    certificate: o.certificate,
    bookAddress: o.bookAddress,
    ...overrides,
  };
}
