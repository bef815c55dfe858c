import type { CouponInput } from '@rian/proto-contracts/coupons';
import { DEMO_COUPON_CODE } from '@rian/proto-contracts/demo';

/** The demo coupon a fresh install gets with ORDERS_SEED_DEMO=true (npm start): 10% off any product. */
export const DEMO_COUPONS: readonly CouponInput[] = [
  {
    code: DEMO_COUPON_CODE,
    name: 'ส่วนลด 10% ทดลองใช้ (Demo: 10% off)',
    detail: 'คูปองตัวอย่างของข้อมูลเดโม ใช้ได้กับทุกคอร์ส · The demo data’s coupon, for any course.',
    productScope: 'All',
    type: 'Percent',
    percent: 10,
  },
];
