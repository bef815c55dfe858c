import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, inProduction, loadConfig, serviceConfigSchema } from '@rian/kit/config';
import { secretKeyFrom } from '@rian/kit/secret-box';

export const ConfigSchema = serviceConfigSchema('orders', {
  /**
   * The seller block of invoices and receipts (GET /orders/:id/document.pdf). The defaults are
   * placeholders that say so: a deployment sets the company's own.
   */
  SELLER_NAME: Type.String({
    minLength: 1,
    default: 'บริษัท ตัวอย่าง จำกัด (Example Company Limited)',
    ...inProduction('changed'),
  }),
  SELLER_TAX_ID: Type.String({ minLength: 1, default: '0000000000000', ...inProduction('changed') }),
  SELLER_ADDRESS: Type.String({
    minLength: 1,
    default: 'ที่อยู่ผู้ขาย — ตั้งค่า SELLER_ADDRESS (Seller address: set SELLER_ADDRESS)',
    ...inProduction('changed'),
  }),
  SELLER_PHONE: Type.String({ minLength: 1, default: '00-000-0000' }),
  /** an order not paid within this many hours is cancelled (0 = never); a slip under review holds it */
  ORDERS_PAYMENT_DEADLINE_HOURS: Type.Number({ minimum: 0, default: 72 }),
  /** how often the deadline is polled (the due time is in the database, not a timer in memory) */
  ORDERS_DEADLINE_POLL_SECONDS: Type.Number({ minimum: 0.05, default: 60 }),
  /** the demo coupon (src/domain/demo-coupons.ts) when the coupons table is empty; npm start sets it */
  ORDERS_SEED_DEMO: Type.Boolean({ default: false }),
  /**
   * AES-256-GCM key of the secrets orders keeps at rest (a book order's delivery phone, from
   * bookings.book.requested): 64 hex digits or base64url of 32 bytes. Required in production;
   * elsewhere a fixed development key is used (the data outlives the process).
   */
  ORDERS_SECRET_KEY: Type.String({ default: '' }),
});
export type Config = Static<typeof ConfigSchema>;

/** Development only: public, so production must bring its own. */
export const DEV_SECRET_KEY = '72696a6e2d6465762d6f72646572732d7365637265742d6b65792d3030303031';

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const config = loadConfig(ConfigSchema, env, problems);
  const production = env.NODE_ENV === 'production';
  const out = { ...config };
  if (config.ORDERS_SECRET_KEY) {
    try {
      secretKeyFrom(config.ORDERS_SECRET_KEY);
    } catch {
      problems.push('ORDERS_SECRET_KEY: 32 bytes as 64 hex digits or base64url');
    }
    if (production && config.ORDERS_SECRET_KEY === DEV_SECRET_KEY)
      problems.push('ORDERS_SECRET_KEY: the development key cannot be used in production');
  } else if (production) problems.push('ORDERS_SECRET_KEY: required in production');
  else out.ORDERS_SECRET_KEY = DEV_SECRET_KEY;
  if (problems.length) throw new ConfigError(problems);
  return out;
}
