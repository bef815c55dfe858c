import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, serviceConfigSchema } from '@rian/kit/config';

export const ConfigSchema = serviceConfigSchema('orders', {
  /**
   * The seller block of invoices and receipts (GET /orders/:id/document.pdf). The defaults are
   * placeholders that say so: a deployment sets the company's own.
   */
  SELLER_NAME: Type.String({ minLength: 1, default: 'บริษัท ตัวอย่าง จำกัด (Example Company Limited)' }),
  SELLER_TAX_ID: Type.String({ minLength: 1, default: '0000000000000' }),
  SELLER_ADDRESS: Type.String({
    minLength: 1,
    default: 'ที่อยู่ผู้ขาย — ตั้งค่า SELLER_ADDRESS (Seller address: set SELLER_ADDRESS)',
  }),
  SELLER_PHONE: Type.String({ minLength: 1, default: '00-000-0000' }),
  /** an order not paid within this many hours is cancelled (0 = never); a slip under review holds it */
  ORDERS_PAYMENT_DEADLINE_HOURS: Type.Number({ minimum: 0, default: 72 }),
  /** how often the deadline is polled (the due time is in the database, not a timer in memory) */
  ORDERS_DEADLINE_POLL_SECONDS: Type.Number({ minimum: 0.05, default: 60 }),
  /** the demo coupon (src/domain/demo-coupons.ts) when the coupons table is empty; npm start sets it */
  ORDERS_SEED_DEMO: Type.Boolean({ default: false }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(ConfigSchema, env);
}
