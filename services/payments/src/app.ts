import fp from 'fastify-plugin';
import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { migrations } from './migrations/0001-init.js';
import { PaymentAttempt } from './entities/payment-attempt.js';
import { Slip } from './entities/slip.js';
import { GatewaySession } from './entities/gateway-session.js';
import { PaymentTypeRecord } from './entities/payment-type-record.js';
import { AttemptRefs } from './domain/attempt-refs.js';
import { refKeyFrom } from './domain/payment-ref.js';
import { reviewerNameMigrations } from './migrations/0004-reviewer-name.js';
import payments from './plugins/app/payments.js';
import slipReview from './plugins/app/slip-review.js';
import slipCountFeed, { SlipCountFeed } from './plugins/app/slip-count-feed.js';
import paymentRoutes from './routes/payments/index.js';
import adminSlipRoutes from './routes/admin-slips/index.js';
import { onOrdersOrderCreated } from './messaging/handlers/on-orders-order-created.js';
import { onOrdersOrderCancelled } from './messaging/handlers/on-orders-order-cancelled.js';
import { gatewayMigrations } from './migrations/0002-gateways.js';
import { buyerEmailMigrations } from './migrations/0003-buyer-email.js';
import gateways from './plugins/app/gateways.js';
import paymentTypes from './plugins/app/payment-types.js';
import payRoutes from './routes/pay/index.js';
import callbackRoutes from './routes/callbacks/index.js';
import paymentTypeRoutes from './routes/payment-types/index.js';

/**
 * Builds the payments app (never listens): payment attempts opened from orders' events, bank-transfer
 * slips kept privately and reviewed by staff (ARCHITECTURE §3 steps 2–4).
 */
export async function buildApp(
  config: Config,
  /** clock: signed-URL expiry and review times; tests pin it */
  opts: { tokenKeys?: KeySource; logger?: Logger; clock?: () => Date } = {},
): Promise<ServiceApp> {
  const feed = new SlipCountFeed();
  const refs = new AttemptRefs(refKeyFrom(config.PAYMENTS_REF_KEY));
  return buildService({
    name: 'payments',
    description:
      'Payments: attempts per order or instalment, transfer slips, staff review, payment types, card / UnionPay / QR gateways',
    config,
    entities: [PaymentAttempt, Slip, GatewaySession, PaymentTypeRecord],
    migrations: [...migrations, ...gatewayMigrations, ...buyerEmailMigrations, ...reviewerNameMigrations],
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: fp(async (app) => {
      const clock = opts.clock ? { clock: opts.clock } : {};
      await app.register(gateways, { config, refs, ...clock });
      await app.register(payments, { config, refs, ...clock });
      await app.register(paymentTypes, clock);
      await app.register(slipReview, clock);
      await app.register(slipCountFeed, { feed });
      await app.register(paymentRoutes, { maxBytes: config.PAYMENTS_SLIP_MAX_BYTES });
      await app.register(adminSlipRoutes);
      await app.register(paymentTypeRoutes);
      await app.register(payRoutes);
      await app.register(callbackRoutes);
    }),
    consumers: () => [
      onOrdersOrderCreated,
      // the badge's live count is announced once the cancellation committed
      { ...onOrdersOrderCancelled, afterCommit: () => feed.changed() },
    ],
  });
}
