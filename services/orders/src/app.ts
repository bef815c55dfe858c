import fp from 'fastify-plugin';
import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { migrations } from './migrations/0001-init.js';
import { SellableProduct } from './entities/sellable-product.js';
import { ProductPrice } from './entities/product-price.js';
import { ProductCourseList } from './entities/product-course-list.js';
import { InstallmentPlan } from './entities/installment-plan.js';
import { InstallmentPlanEmail } from './entities/installment-plan-email.js';
import { CatalogTombstone } from './entities/catalog-tombstone.js';
import { Order } from './entities/order.js';
import { OrderDetail } from './entities/order-detail.js';
import { OrderTransfer } from './entities/order-transfer.js';
import { Coupon, CouponEmail } from './entities/coupon.js';
import { PaymentTypeState } from './entities/payment-type-state.js';
import catalogReadModel from './plugins/app/read-model.js';
import orderReads from './plugins/app/order-reads.js';
import checkout from './plugins/app/checkout.js';
import orderRoutes from './routes/orders/index.js';
import adminOrders from './plugins/app/admin-orders.js';
import adminOrderRoutes from './routes/admin-orders/index.js';
import { orderBackOfficeMigrations } from './migrations/0003-order-back-office.js';
import { couponAdminMigrations } from './migrations/0004-coupon-admin.js';
import { orderInviteMigrations } from './migrations/0005-order-invite.js';
import { installmentStatusMigrations } from './migrations/0006-installment-statuses.js';
import { orderApprovalMigrations } from './migrations/0007-order-approval.js';
import orderDocuments from './plugins/app/order-documents.js';
import coupons from './plugins/app/coupons.js';
import adminCouponRoutes from './routes/admin-coupons/index.js';
import couponRoutes from './routes/coupons/index.js';
import demoSeed from './plugins/app/demo-seed.js';
import { onCatalogProductChanged } from './messaging/handlers/on-catalog-product-changed.js';
import { onCatalogProductDeleted } from './messaging/handlers/on-catalog-product-deleted.js';
import { onCatalogPriceChanged } from './messaging/handlers/on-catalog-price-changed.js';
import { onCatalogProductCoursesChanged } from './messaging/handlers/on-catalog-product-courses-changed.js';
import { onCatalogInstallmentPlanChanged } from './messaging/handlers/on-catalog-installment-plan-changed.js';
import { onCatalogInstallmentPlanDeleted } from './messaging/handlers/on-catalog-installment-plan-deleted.js';
import { onPaymentsPaymentApproved } from './messaging/handlers/on-payments-payment-approved.js';
import { onPaymentsSlipSubmitted } from './messaging/handlers/on-payments-slip-submitted.js';
import { onPaymentsPaymentRejected } from './messaging/handlers/on-payments-payment-rejected.js';
import { paymentDeadlineMigrations } from './migrations/0008-payment-deadline.js';
import paymentDeadlines from './plugins/app/payment-deadlines.js';
import { paymentTypeStateMigrations } from './migrations/0009-payment-type-states.js';
import { onPaymentsPaymentSucceeded } from './messaging/handlers/on-payments-payment-succeeded.js';
import { onPaymentsPaymentTypeChanged } from './messaging/handlers/on-payments-payment-type-changed.js';
import { bookAddressMigrations } from './migrations/0010-book-addresses.js';
import { onBookingsBookRequested } from './messaging/handlers/on-bookings-book-requested.js';
import { secretKeyFrom } from '@rian/kit/secret-box';

/**
 * Builds the orders app (never listens): checkout and the member's orders, on top of the catalog
 * read model and its consumers; the money and coupon rules are pure functions in src/domain/.
 */
export async function buildApp(
  config: Config,
  /** clock: what "today" (Asia/Bangkok) is computed from; tests pin it */
  opts: { tokenKeys?: KeySource; logger?: Logger; clock?: () => Date } = {},
): Promise<ServiceApp> {
  const secretKey = secretKeyFrom(config.ORDERS_SECRET_KEY, 'ORDERS_SECRET_KEY');
  return buildService({
    name: 'orders',
    description: 'Orders, coupons and checkout',
    config,
    entities: [
      SellableProduct,
      ProductPrice,
      ProductCourseList,
      InstallmentPlan,
      InstallmentPlanEmail,
      CatalogTombstone,
      Order,
      OrderDetail,
      OrderTransfer,
      Coupon,
      CouponEmail,
      PaymentTypeState,
    ],
    migrations: [
      ...migrations,
      ...orderBackOfficeMigrations,
      ...couponAdminMigrations,
      ...orderInviteMigrations,
      ...installmentStatusMigrations,
      ...orderApprovalMigrations,
      ...paymentDeadlineMigrations,
      ...paymentTypeStateMigrations,
      ...bookAddressMigrations,
    ],
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    // not encapsulated: the read model is the app's, for its future routes and for tests
    routes: fp(async (app) => {
      const clock = opts.clock ? { clock: opts.clock } : {};
      await app.register(catalogReadModel, clock);
      await app.register(orderReads);
      await app.register(checkout, clock);
      await app.register(orderDocuments, {
        seller: {
          name: config.SELLER_NAME,
          taxId: config.SELLER_TAX_ID,
          address: config.SELLER_ADDRESS,
          phone: config.SELLER_PHONE,
        },
      });
      await app.register(orderRoutes);
      await app.register(adminOrders, { ...clock, secretKey });
      await app.register(adminOrderRoutes);
      await app.register(coupons, clock);
      await app.register(adminCouponRoutes);
      await app.register(couponRoutes);
      await app.register(demoSeed, { enabled: config.ORDERS_SEED_DEMO });
      await app.register(paymentDeadlines, {
        deadlineHours: config.ORDERS_PAYMENT_DEADLINE_HOURS,
        pollSeconds: config.ORDERS_DEADLINE_POLL_SECONDS,
        ...clock,
      });
    }),
    consumers: (kit) => [
      onCatalogProductChanged,
      onCatalogProductDeleted,
      onCatalogPriceChanged,
      onCatalogProductCoursesChanged,
      onCatalogInstallmentPlanChanged,
      onCatalogInstallmentPlanDeleted,
      onPaymentsPaymentApproved(kit.outbox),
      onPaymentsPaymentSucceeded(kit.outbox),
      onPaymentsPaymentTypeChanged,
      onPaymentsSlipSubmitted,
      onPaymentsPaymentRejected(config.ORDERS_PAYMENT_DEADLINE_HOURS),
      onBookingsBookRequested(secretKey),
    ],
  });
}
