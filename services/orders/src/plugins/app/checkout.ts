import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import {
  IDEMPOTENCY_KEY_MAX,
  OrderCreated,
  type CheckoutBody,
  type OrderView,
} from '@rian/proto-contracts/orders';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { priceCodesOf } from '@rian/proto-contracts/enums';
import { Order, type OrderEntity } from '../../entities/order.js';
import { OrderDetail } from '../../entities/order-detail.js';
import { OrderTransfer } from '../../entities/order-transfer.js';
import { SellableProduct } from '../../entities/sellable-product.js';
import { Coupon, CouponEmail, type CouponEntity } from '../../entities/coupon.js';
import { checkCoupon, type Coupon as CouponRule } from '../../domain/coupons.js';
import {
  computeAmounts,
  installmentDates,
  PAYMENT_TYPE,
  referenceCode,
  type Amounts,
  type ReceiptType,
} from '../../domain/money.js';
import { bangkokDay } from '../../domain/bangkok-time.js';
import { CANCELLED, INSTALLMENT_NEW } from '../../domain/order-status.js';
import { normalEmail } from '@rian/proto-contracts/price-rules';
import type { CatalogReadModel, OpenPlanView } from './read-model.js';

/** Company receipts need these (spec 02 §5 "Company: name, address, province, district, sub-district, zip and phone"). */
const COMPANY_FIELDS = ['name', 'address', 'province', 'district', 'subDistrict', 'zip', 'phone'] as const;

/** A JSON text independent of key order: two equal bodies hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const requestHash = (body: CheckoutBody) => createHash('sha256').update(canonical(body)).digest('hex');

const couponRule = (c: CouponEntity): CouponRule => ({
  id: c.id,
  code: c.code,
  productId: c.productId ?? null,
  productScope: c.productScope,
  type: c.type,
  price: c.price ?? null,
  percent: c.percent ?? null,
  point: c.point ?? null,
  pay: c.pay ?? null,
  start: c.start ?? null,
  startTime: c.startTime ?? null,
  to: c.to ?? null,
  toTime: c.toTime ?? null,
  limit: c.limit ?? null,
  memberOnly: c.memberOnly,
  emailOnly: c.emailOnly,
});

export interface CheckoutResult {
  /** false: the Idempotency-Key was seen before with this body; the first order is answered */
  created: boolean;
  order: OrderView;
}

/**
 * Checkout (ARCHITECTURE §3 step 1) and the member's orders. Product, price and plans come from
 * the catalog read model only; the coupon row is locked while its orders are counted, so its
 * limit holds however many buyers race for it.
 */
export class Checkout {
  constructor(
    private readonly kit: Kit,
    private readonly catalog: CatalogReadModel,
    private readonly clock: () => Date,
  ) {}

  async checkout(principal: Principal, idempotencyKey: unknown, body: CheckoutBody): Promise<CheckoutResult> {
    if (
      typeof idempotencyKey !== 'string' ||
      !idempotencyKey.trim() ||
      idempotencyKey.length > IDEMPOTENCY_KEY_MAX
    ) {
      throw new ProblemError('orders.idempotency_key_required');
    }
    const hash = requestHash(body);
    const replay = await this.replay(principal.sub, idempotencyKey, hash);
    if (replay) return replay;

    const now = this.clock();
    const day = bangkokDay(now);
    const product = await this.catalog.sellableProduct(body.productId);
    if (!product) throw new ProblemError('orders.product_not_found');
    const chosen = await this.catalog.priceFor(
      body.productId,
      body.priceId,
      priceCodesOf(principal.membershipCodes ?? []),
      day,
    );
    if (!chosen) throw new ProblemError('orders.price_not_available');
    // payments owns the types; our copy of its disable flags (payments.payment-type.changed)
    const [typeState] = (await this.kit.orm.em
      .fork()
      .execute(`select disable from payment_type_states where payment_type_id = ?`, [body.paymentType])) as {
      disable: string;
    }[];
    if (typeState?.disable === 'Y') throw new ProblemError('orders.payment_type_disabled');

    if (body.paymentType === PAYMENT_TYPE.coin) {
      if (product.coinPay !== 'Y') throw new ProblemError('orders.coin_pay_unavailable');
      // spec 02 §4: coin disables the receipt
      if (body.receipt) throw new ProblemError('orders.coin_no_receipt');
    }
    let plan: OpenPlanView | undefined;
    if (body.paymentType === PAYMENT_TYPE.installments) {
      const email = principal.email ?? null;
      plan = body.planId
        ? await this.catalog.planFor(body.productId, body.planId, email, day)
        : (await this.catalog.plansOpenTo(body.productId, email, day))[0];
      if (!plan) throw new ProblemError('orders.installments_unavailable');
    }
    if (body.receipt?.type === 'company') {
      const receipt = body.receipt;
      const missing = COMPANY_FIELDS.filter((f) => !receipt[f]);
      if (missing.length) {
        throw validationProblem(missing.map((f) => fieldError(`receipt.${f}`, 'validation.required')));
      }
    }

    try {
      return await this.kit.orm.em
        .fork()
        .transactional((em) =>
          this.place(em, { principal, idempotencyKey, hash, body, now, day, price: chosen.price, plan }),
        );
    } catch (err) {
      // a concurrent double submit with the same key: the other one won, answer its order
      if (err instanceof UniqueConstraintViolationException) {
        const first = await this.replay(principal.sub, idempotencyKey, hash);
        if (first) return first;
      }
      throw err;
    }
  }

  private async place(
    em: EntityManager,
    a: {
      principal: Principal;
      idempotencyKey: string;
      hash: string;
      body: CheckoutBody;
      now: Date;
      day: string;
      price: { priceId: string; value: number; fee: 'Y' | 'N' };
      plan: OpenPlanView | undefined;
    },
  ): Promise<CheckoutResult> {
    const { principal, body } = a;
    let discount = 0;
    let coin = 0;
    let couponId: string | null = null;
    if (body.couponCode !== undefined) {
      // the row lock serialises every checkout of this coupon until commit: the count below is exact
      const coupon = await em.findOne(
        Coupon,
        { code: body.couponCode },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const email = principal.email ? normalEmail(principal.email) : null;
      const emailListed =
        !!coupon &&
        !!email &&
        (await em.count(CouponEmail, { couponId: coupon.id, email, removed: false })) > 0;
      const usedCount = coupon
        ? await em.count(Order, { couponId: coupon.id, status: { $ne: CANCELLED } })
        : 0;
      const check = checkCoupon(coupon ? couponRule(coupon) : null, {
        now: a.now,
        productId: body.productId,
        price: a.price.value,
        buyer: {
          email: principal.email ?? '',
          status: principal.status,
          membershipCodes: principal.membershipCodes ?? [],
        },
        emailListed,
        usedCount,
      });
      if (!check.ok) throw new ProblemError(check.code);
      discount = check.discount;
      coin = check.points;
      couponId = coupon?.id ?? null;
    }

    const receiptType: ReceiptType = body.receipt?.type ?? 'none';
    let amounts: Amounts;
    try {
      amounts = computeAmounts({
        price: a.price.value,
        discount,
        paymentType: body.paymentType,
        feeWaived: a.price.fee === 'Y',
        receiptType,
        ...(a.plan ? { installmentCount: a.plan.count } : {}),
      });
    } catch (err) {
      if (err instanceof RangeError && a.plan) throw new ProblemError('orders.installments_too_small');
      throw err;
    }

    const [{ no }] = (await em.execute(`select nextval('orders_order_no_seq')::bigint as no`)) as [
      { no: string | number },
    ];
    const orderNo = Number(no);
    const order = em.create(Order, {
      id: uuidv7(),
      orderNo,
      reference: referenceCode(orderNo),
      userId: principal.sub,
      userEmail: principal.email ?? null,
      paymentType: body.paymentType,
      status: 'wait',
      ...amounts,
      receipt: body.receipt ? 'Y' : 'N',
      receiptType: body.receipt?.type ?? 'person',
      receiptInfo: body.receipt ?? null,
      couponId,
      invite: body.invite ?? null,
      idempotencyKey: a.idempotencyKey,
      requestHash: a.hash,
      createdAt: a.now,
      updatedAt: a.now,
    });
    // details and instalments reference the order by id only (no ORM relation): the order goes first
    await em.flush();
    em.create(OrderDetail, {
      id: uuidv7(),
      orderId: order.id,
      productId: body.productId,
      priceId: a.price.priceId,
      couponId,
      price: amounts.total,
      discount: amounts.discount,
      net: amounts.total - amounts.discount,
      coin,
    });
    const dates = installmentDates(a.day, amounts.installments.length || 1);
    const schedule = amounts.installments.map((amount, i) => ({ period: i + 1, dueDate: dates[i]!, amount }));
    for (const s of schedule) {
      em.create(OrderTransfer, { id: uuidv7(), orderId: order.id, ...s, status: INSTALLMENT_NEW });
    }
    this.kit.outbox.add(em, OrderCreated, {
      orderId: order.id,
      orderNo,
      reference: order.reference,
      userId: principal.sub,
      productId: body.productId,
      priceId: a.price.priceId,
      couponId,
      paymentType: body.paymentType,
      total: amounts.total,
      discount: amounts.discount,
      vat: amounts.vat,
      fee: amounts.fee,
      withholding: amounts.withholding,
      net: amounts.net,
      receiptType,
      schedule,
      createdAt: a.now.toISOString(),
      ...(principal.email ? { userEmail: principal.email } : {}),
    });
    await em.flush();
    return { created: true, order: (await this.views(em, [order]))[0]! };
  }

  /** The order made earlier with this key: answered again, or 409 when the body differs. */
  private async replay(
    userId: string,
    idempotencyKey: string,
    hash: string,
  ): Promise<CheckoutResult | undefined> {
    const em = this.kit.orm.em.fork();
    const first = await em.findOne(Order, { userId, idempotencyKey });
    if (!first) return undefined;
    if (first.requestHash !== hash) throw new ProblemError('orders.idempotency_conflict');
    return { created: false, order: (await this.views(em, [first]))[0]! };
  }

  /** The member's own orders, newest first. */
  async mine(userId: string, page: number, pageSize: number) {
    const em = this.kit.orm.em.fork();
    const [rows, total] = await em.findAndCount(
      Order,
      { userId },
      { orderBy: { createdAt: 'desc', orderNo: 'desc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { items: await this.views(em, rows), page, pageSize, total };
  }

  /** One order, to its owner or to staff; to anyone else it does not exist. */
  async one(principal: Principal, id: string): Promise<OrderView> {
    const em = this.kit.orm.em.fork();
    const order = await em.findOne(Order, { id });
    if (!order || (principal.kind !== 'staff' && order.userId !== principal.sub)) {
      throw new ProblemError('orders.order_not_found');
    }
    return (await this.views(em, [order]))[0]!;
  }

  private async views(em: EntityManager, orders: OrderEntity[]): Promise<OrderView[]> {
    if (!orders.length) return [];
    const ids = orders.map((o) => o.id);
    const details = await em.find(OrderDetail, { orderId: { $in: ids } }, { orderBy: { id: 'asc' } });
    const transfers = await em.find(OrderTransfer, { orderId: { $in: ids } }, { orderBy: { period: 'asc' } });
    const productIds = [...new Set(details.map((d) => d.productId))];
    // the title as the read model knows it now; a product catalog deleted has none (null)
    const products = productIds.length
      ? await em.find(SellableProduct, { productId: { $in: productIds } }, { fields: ['productId', 'title'] })
      : [];
    const titles = new Map(products.map((p) => [p.productId, p.title]));
    // one product per order today (checkout sells one): the first detail names it, as in the back office
    const productOf = (orderId: string) => details.find((d) => d.orderId === orderId)?.productId;
    return orders.map((o) => ({
      id: o.id,
      orderNo: o.orderNo,
      reference: o.reference,
      userId: o.userId,
      status: o.status,
      paymentType: o.paymentType as OrderView['paymentType'],
      total: o.total,
      discount: o.discount,
      vat: o.vat,
      fee: o.fee,
      withholding: o.withholding,
      net: o.net,
      receipt: o.receipt,
      receiptType: o.receiptType,
      couponId: o.couponId ?? null,
      productTitle: titles.get(productOf(o.id) ?? '') ?? null,
      receiptInfo: o.receiptInfo ?? null,
      invite: o.invite ?? null,
      details: details
        .filter((d) => d.orderId === o.id)
        .map((d) => ({
          productId: d.productId,
          priceId: d.priceId,
          couponId: d.couponId ?? null,
          price: d.price,
          discount: d.discount,
          net: d.net,
          coin: d.coin,
        })),
      installments: transfers
        .filter((t) => t.orderId === o.id)
        .map((t) => ({ period: t.period, dueDate: t.dueDate, amount: t.amount, status: t.status })),
      createdAt: o.createdAt.toISOString(),
    }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    checkout: Checkout;
  }
}

export default fp<{ clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('checkout', new Checkout(app.kit, app.catalogReadModel, opts.clock ?? (() => new Date())));
  },
  { name: 'checkout', dependencies: ['catalog-read-model'] },
);
