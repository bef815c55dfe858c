import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { ProblemError } from '@rian/kit/errors';
import {
  IDEMPOTENCY_KEY_MAX,
  OrderCreated,
  type CheckoutBody,
  type CheckoutQuote,
  type OrderView,
} from '@rian/proto-contracts/orders';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { Order } from '../../entities/order.js';
import { OrderDetail } from '../../entities/order-detail.js';
import { OrderTransfer } from '../../entities/order-transfer.js';
import { referenceCode } from '../../domain/money.js';
import { INSTALLMENT_NEW, WAITING } from '../../domain/order-status.js';
import { checkoutOffer, checkoutTerms, type CheckoutTerms } from './checkout-terms.js';
import { orderView, orderViews } from './order-reads.js';
import type { CatalogReadModel } from './read-model.js';

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

export interface CheckoutResult {
  /** false: the Idempotency-Key was seen before with this body; the first order is answered */
  created: boolean;
  order: OrderView;
}

/**
 * Placing an order (ARCHITECTURE §3 step 1) and quoting one. Both take their terms from
 * `checkoutOffer` and `checkoutTerms` (catalog read model, coupon redemption, domain/money.ts); checkout does it in one
 * transaction with the coupon row locked while its uses are counted, so its limit holds however
 * many buyers race for it, and writes the order, its details and instalments and
 * `orders.order.created`. The quote writes nothing and takes no coupon use.
 */
export class Checkout {
  constructor(
    private readonly kit: Kit,
    private readonly catalog: CatalogReadModel,
    private readonly clock: () => Date,
  ) {}

  /** What checkout would store for this body now. */
  async quote(principal: Principal, body: CheckoutBody): Promise<CheckoutQuote> {
    const em = this.kit.orm.em.fork();
    const offer = await checkoutOffer(em, this.catalog, { principal, body, now: this.clock() });
    const t = await checkoutTerms(em, offer);
    const { installments: _each, ...amounts } = t.amounts;
    return {
      productId: body.productId,
      priceId: t.price.priceId,
      paymentType: body.paymentType,
      planId: t.plan?.planId ?? null,
      couponCode: t.redemption?.coupon.code ?? null,
      ...amounts,
      coin: t.redemption?.points ?? 0,
      installments: t.schedule,
    };
  }

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

    const offer = await checkoutOffer(this.kit.orm.em.fork(), this.catalog, {
      principal,
      body,
      now: this.clock(),
    });
    // the order number before the transaction (a sequence is not transactional anyway: an order
    // refused below leaves a gap, as a rollback always did), one round trip less under the coupon's lock
    const orderNo = await this.nextOrderNo();
    try {
      const view = await this.kit.orm.em.fork().transactional(async (em) => {
        const terms = await checkoutTerms(em, offer, true);
        return this.place(em, { principal, idempotencyKey, hash, body, terms, orderNo });
      });
      // answered from the rows just written: nothing read back after the commit
      return { created: true, order: view };
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
      terms: CheckoutTerms;
      orderNo: number;
    },
  ): Promise<OrderView> {
    const { principal, body, terms, orderNo } = a;
    const { amounts, now } = terms;
    const couponId = terms.redemption?.coupon.id ?? null;
    const order = em.create(Order, {
      id: uuidv7(),
      orderNo,
      reference: referenceCode(orderNo),
      userId: principal.sub,
      userEmail: principal.email ?? null,
      paymentType: body.paymentType,
      status: WAITING,
      ...amounts,
      receipt: body.receipt ? 'Y' : 'N',
      receiptType: body.receipt?.type ?? 'person',
      receiptInfo: body.receipt ?? null,
      couponId,
      invite: body.invite ?? null,
      idempotencyKey: a.idempotencyKey,
      requestHash: a.hash,
      createdAt: now,
      updatedAt: now,
    });
    // details and instalments reference the order by id only (no ORM relation): the order goes first
    await em.flush();
    const detail = em.create(OrderDetail, {
      id: uuidv7(),
      orderId: order.id,
      productId: body.productId,
      priceId: terms.price.priceId,
      couponId,
      price: amounts.total,
      discount: amounts.discount,
      net: amounts.total - amounts.discount,
      coin: terms.redemption?.points ?? 0,
    });
    const transfers = terms.schedule.map((s) =>
      em.create(OrderTransfer, { id: uuidv7(), orderId: order.id, ...s, status: INSTALLMENT_NEW }),
    );
    this.kit.outbox.add(em, OrderCreated, {
      orderId: order.id,
      orderNo,
      reference: order.reference,
      userId: principal.sub,
      productId: body.productId,
      priceId: terms.price.priceId,
      couponId,
      paymentType: body.paymentType,
      total: amounts.total,
      discount: amounts.discount,
      vat: amounts.vat,
      fee: amounts.fee,
      withholding: amounts.withholding,
      net: amounts.net,
      receiptType: terms.receiptType,
      schedule: terms.schedule,
      createdAt: now.toISOString(),
      ...(principal.email ? { userEmail: principal.email } : {}),
    });
    await em.flush();
    return orderView(order, {
      details: [detail],
      transfers: [...transfers].sort((x, y) => x.period - y.period),
      productTitle: terms.productTitle,
      couponCode: terms.redemption?.coupon.code ?? null,
    });
  }

  private async nextOrderNo(): Promise<number> {
    const [{ no }] = (await this.kit.orm.em
      .fork()
      .execute(`select nextval('orders_order_no_seq')::bigint as no`)) as [{ no: string | number }];
    return Number(no);
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
    return { created: false, order: (await orderViews(em, [first]))[0]! };
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
