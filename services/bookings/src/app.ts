import fp from 'fastify-plugin';
import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import { thaiPlacesPlugin } from '@rian/kit/thai-places';
import type { Config } from './config.js';
import { migrations } from './migrations/0001-init.js';
import { Product } from './entities/product.js';
import { BookingKey } from './entities/booking-key.js';
import { BookingSlip } from './entities/booking-slip.js';
import { Booking } from './entities/booking.js';
import bookingKeys, { type BookingKeys } from './plugins/app/booking-keys.js';
import bookingSlips from './plugins/app/booking-slips.js';
import bookings from './plugins/app/bookings.js';
import { ClientLimits } from './plugins/app/client-limits.js';
import { seedDemoKey } from './plugins/app/demo-seed.js';
import bookingFormRoutes from './routes/booking-form/index.js';
import adminBookingKeyRoutes from './routes/admin-booking-keys/index.js';
import adminBookingRoutes from './routes/admin-bookings/index.js';
import { onCatalogProductChanged } from './messaging/handlers/on-catalog-product-changed.js';
import { onCatalogProductDeleted } from './messaging/handlers/on-catalog-product-deleted.js';
import { secretKeyFrom } from '@rian/kit/secret-box';
import { BookDelivery } from './entities/book-delivery.js';
import { bookDeliveryMigrations } from './migrations/0002-book-deliveries.js';
import bookDeliveries from './plugins/app/book-deliveries.js';
import memberBookDeliveryRoutes from './routes/member-book-deliveries/index.js';
import { onOrdersOrderPaid } from './messaging/handlers/on-orders-order-paid.js';
import { onOrdersBookDispatched } from './messaging/handlers/on-orders-book-dispatched.js';

/** Options every plugin of the app may read. */
export interface AppOptions {
  tokenKeys?: KeySource;
  logger?: Logger;
  /** signed-URL expiry, the slip sweep and booking times; tests pin it */
  clock?: () => Date;
}

/** The tables, one list each: a module adds its own entities and migrations at the end. */
export const ENTITIES = [Product, BookingKey, BookingSlip, Booking, BookDelivery];
export const MIGRATIONS = [...migrations, ...bookDeliveryMigrations];

/**
 * Builds the bookings app (never listens): catalog's products as last heard, booking keys kept by
 * staff, the public booking form (key check, slip upload, booking) and staff review of bookings
 * (issue 17; spec 02 §3–§5, §7).
 */
export async function buildApp(config: Config, opts: AppOptions = {}): Promise<ServiceApp> {
  let keys: BookingKeys | undefined;
  const secretKey = secretKeyFrom(config.BOOKINGS_SECRET_KEY, 'BOOKINGS_SECRET_KEY');
  return buildService({
    name: 'bookings',
    description: 'Bookings: booking keys, the public booking form and its transfer slip, staff review of bookings',
    config,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: fp(async (app) => {
      const clock = opts.clock ? { clock: opts.clock } : {};
      const limits = new ClientLimits(app.kit.redis, app.kit.logger, config);
      // plugins (app decorations) first, then the routes; one line each
      await app.register(thaiPlacesPlugin);
      await app.register(bookingKeys, { defaultLimit: config.BOOKINGS_KEY_LIMIT, ...clock });
      await app.register(bookingSlips, { config, ...clock });
      await app.register(bookings, { config, limits, ...clock });
      keys = app.bookingKeys;
      await app.register(bookingFormRoutes, { maxBytes: config.BOOKINGS_SLIP_MAX_BYTES, limits });
      await app.register(adminBookingKeyRoutes);
      await app.register(adminBookingRoutes);
      await app.register(bookDeliveries, { secretKey, ...clock });
      await app.register(memberBookDeliveryRoutes);
    }),
    consumers: () => [
      onCatalogProductChanged(config.BOOKINGS_SEED_DEMO ? seedDemoKey(() => keys!) : undefined),
      onCatalogProductDeleted,
      onOrdersOrderPaid,
      onOrdersBookDispatched,
    ],
  });
}
