import type { EntityManager } from '@rian/kit/db';
import { DEMO_BOOKING_KEY } from '@rian/proto-contracts/demo';
import { BookingKey } from '../../entities/booking-key.js';
import type { OnProductApplied } from '../../messaging/handlers/on-catalog-product-changed.js';
import type { BookingKeys } from './booking-keys.js';

/**
 * BOOKINGS_SEED_DEMO: the demo key (DEMO_BOOKING_KEY, code RIAN-DEMO-2027) for catalog's demo
 * workshop, added in the same transaction that first writes the product (the product id arrives
 * with catalog's event) — once: a key with the code already there (or staff's own) is left alone.
 */
export const seedDemoKey =
  (keys: () => BookingKeys): OnProductApplied =>
  async (em: EntityManager, product) => {
    if (product.url !== DEMO_BOOKING_KEY.productUrl) return;
    if (await em.findOne(BookingKey, { code: DEMO_BOOKING_KEY.code })) return;
    keys().insert(
      em,
      { code: DEMO_BOOKING_KEY.code, productId: product.productId, limit: DEMO_BOOKING_KEY.limit, active: 'Y' },
      null,
    );
    await em.flush();
  };
