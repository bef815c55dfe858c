import type { EntityManager } from '@rian/kit/db';
import { on } from '@rian/kit/consumer';
import { UserRegistered } from '@rian/proto-contracts/auth';
import { bangkokDay } from '@rian/proto-contracts/insights';
import { OrderCreated, OrderPaid } from '@rian/proto-contracts/orders';
import { PaymentApproved, PaymentRejected, SlipSubmitted } from '@rian/proto-contracts/payments';
import { LEARNING_CONSUMERS } from './learning-handlers.js';
import { COMMERCE_CONSUMERS } from './commerce-handlers.js';

/*
 * The dashboard's read models, fed by events only (D116). The kit inbox runs each handler once per
 * event id inside the same transaction as its writes, so adding to a day's counters is replay-safe.
 */

type Em = EntityManager;

/** An order placed: remember the figures its payment will count (and it waits until paid). */
export const onOrderCreated = on(OrderCreated, async (event, { em }) => {
  const d = event.data;
  await em.execute(
    `insert into orders (order_id, product_id, payment_type, total, discount, net, coupon_id, created_day)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (order_id) do update set total = excluded.total, discount = excluded.discount,
       coupon_id = excluded.coupon_id, created_day = excluded.created_day`,
    [
      d.orderId,
      d.productId,
      String(d.paymentType),
      d.total,
      d.discount,
      d.net,
      d.couponId,
      bangkokDay(d.createdAt),
    ],
  );
});

/** An order paid: its sale counts on the Bangkok day it was paid. */
export const onOrderPaid = on(OrderPaid, async (event, { em }) => {
  const d = event.data;
  const day = bangkokDay(d.paidAt);
  const db = em as Em;
  // an order heard of only by its payment counts its net, with no discount known
  const rows = (await db.execute(
    `insert into orders (order_id, product_id, payment_type, total, discount, net, coupon_id, created_day, paid_day)
     values (?, ?, ?, ?, 0, ?, null, ?, ?)
     on conflict (order_id) do update set paid_day = excluded.paid_day
     where orders.paid_day is null
     returning total, discount, coupon_id`,
    [d.orderId, d.productId, String(d.paymentType), d.net, d.net, day, day],
  )) as { total: string; discount: string; coupon_id: string | null }[];
  const row = rows[0];
  if (!row) return; // already counted as paid
  const gross = Number(row.total);
  const discount = Number(row.discount);
  const net = Math.max(0, gross - discount);
  await db.execute(
    `insert into sales_days (day, orders, gross, discounts, net, coupons_used) values (?, 1, ?, ?, ?, ?)
     on conflict (day) do update set orders = sales_days.orders + 1, gross = sales_days.gross + excluded.gross,
       discounts = sales_days.discounts + excluded.discounts, net = sales_days.net + excluded.net,
       coupons_used = sales_days.coupons_used + excluded.coupons_used`,
    [day, gross, discount, net, row.coupon_id ? 1 : 0],
  );
  await db.execute(
    `insert into sales_payment_days (day, payment_type, orders, net) values (?, ?, 1, ?)
     on conflict (day, payment_type) do update set orders = sales_payment_days.orders + 1,
       net = sales_payment_days.net + excluded.net`,
    [day, String(d.paymentType), net],
  );
  await db.execute(
    `insert into sales_product_days (day, product_id, orders, net) values (?, ?, 1, ?)
     on conflict (day, product_id) do update set orders = sales_product_days.orders + 1,
       net = sales_product_days.net + excluded.net`,
    [day, d.productId, net],
  );
  if (d.productTitle) {
    await db.execute(
      `insert into product_names (product_id, name) values (?, ?)
       on conflict (product_id) do update set name = excluded.name`,
      [d.productId, d.productTitle],
    );
  }
});

export const onSlipSubmitted = on(SlipSubmitted, async (event, { em }) => {
  await em.execute(`insert into slips_waiting (slip_id, submitted_at) values (?, ?) on conflict do nothing`, [
    event.data.slipId,
    event.data.submittedAt,
  ]);
});

const slipDone = async (em: Em, slipId: string) => {
  await em.execute(`delete from slips_waiting where slip_id = ?`, [slipId]);
};
export const onPaymentApproved = on(PaymentApproved, async (event, { em }) => {
  await slipDone(em as Em, event.data.slipId);
});
export const onPaymentRejected = on(PaymentRejected, async (event, { em }) => {
  await slipDone(em as Em, event.data.slipId);
});

export const onUserRegistered = on(UserRegistered, async (event, { em }) => {
  await em.execute(
    `insert into member_days (day, new_members) values (?, 1)
     on conflict (day) do update set new_members = member_days.new_members + 1`,
    [bangkokDay(event.data.registeredAt)],
  );
});

export const CONSUMERS = [
  onOrderCreated,
  onOrderPaid,
  onSlipSubmitted,
  onPaymentApproved,
  onPaymentRejected,
  onUserRegistered,
  ...LEARNING_CONSUMERS,
  ...COMMERCE_CONSUMERS,
];
