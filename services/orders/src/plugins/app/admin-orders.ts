import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { fieldError, ProblemError } from '@rian/kit/errors';
import {
  type AdminOrderRow,
  type AdminOrdersQuery,
  type AdminOrderView,
  type AffiliateRow,
  type AffiliatesQuery,
  BookDispatched,
  type BookDispatchBody,
} from '@rian/proto-contracts/orders-admin';
import { bookAddressOf } from '../../domain/book-address.js';
import {
  CANCELLED,
  canTransition,
  ORDER_STATUSES,
  PAID,
  type OrderStatus,
} from '../../domain/order-status.js';
import type { OrderReads } from './order-reads.js';
import { cancelWaitingOrder } from './cancel-order.js';
import { ordersCsv } from './admin-order-report.js';

type Row = Record<string, unknown>;

/** `yyyy-mm-dd` (Asia/Bangkok) → the instant that day starts, as SQL; `to` is made exclusive by +1 day. */
const FROM_DAY = `(?::date)::timestamp at time zone 'Asia/Bangkok'`;
const BEFORE_DAY_AFTER = `(?::date + 1)::timestamp at time zone 'Asia/Bangkok'`;

const SORTS: Record<AdminOrdersQuery['sort'], string> = {
  createdAt: 'o.created_at asc, o.order_no asc',
  '-createdAt': 'o.created_at desc, o.order_no desc',
  orderNo: 'o.order_no asc',
  '-orderNo': 'o.order_no desc',
  net: 'o.net asc, o.order_no asc',
  '-net': 'o.net desc, o.order_no desc',
};

/**
 * One product per order today (checkout sells one); the first detail names it. The book's delivery
 * address (bookings.book.requested) comes as `ba_*`.
 */
const SELECT = `select o.*, d.product_id as detail_product_id, sp.title as product_title, c.code as coupon_code,
       ba.fullname as ba_fullname, ba.tel_sealed as ba_tel_sealed, ba.address_text as ba_address_text,
       ba.zip as ba_zip, ba.note as ba_note, ba.requested_at as ba_requested_at
  from orders o
  left join coupons c on c.coupon_id = o.coupon_id
  left join order_book_addresses ba on ba.order_id = o.order_id
  left join lateral (select product_id from order_details where order_id = o.order_id
                     order by detail_id limit 1) d on true
  left join sellable_products sp on sp.product_id = d.product_id`;

const num = (v: unknown) => Number(v);
/** `%text%` for ILIKE, with the text's own \\ % _ taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

function toRow(r: Row, key: Buffer): AdminOrderRow {
  return {
    id: String(r.order_id),
    orderNo: num(r.order_no),
    reference: String(r.reference),
    userId: String(r.user_id),
    status: r.status as OrderStatus,
    paymentType: num(r.payment_type) as AdminOrderRow['paymentType'],
    total: num(r.total),
    discount: num(r.discount),
    net: num(r.net),
    createdAt: iso(r.created_at),
    userEmail: (r.user_email as string | null) ?? null,
    productId: (r.detail_product_id as string | null) ?? null,
    productTitle: (r.product_title as string | null) ?? null,
    invite: (r.invite as string | null) ?? null,
    couponCode: (r.coupon_code as string | null) ?? null,
    bookSend: r.book_send as AdminOrderRow['bookSend'],
    tracking: (r.tracking as string | null) ?? null,
    trackingBy: (r.tracking_by as string | null) ?? null,
    certificate: r.certificate as AdminOrderRow['certificate'],
    bookAddress: bookAddressOf(r, key),
  };
}

/**
 * The orders back office (spec 02 §2 /admin/orders) and cancel by code. Reads are SQL over the
 * order tables joined with the catalog read model (for the product title); every change is one
 * transaction that locks the rows it changes.
 */
export class AdminOrders {
  constructor(
    private readonly kit: Kit,
    private readonly orders: OrderReads,
    private readonly clock: () => Date,
    /** ORDERS_SECRET_KEY: opens the sealed delivery phone */
    private readonly secretKey: Buffer,
  ) {}

  /** `extra`: conditions of the caller's own, ANDed with those of the query. */
  private where(
    q: Partial<AdminOrdersQuery>,
    extra: { sql: string; params: unknown[] }[] = [],
  ): { sql: string; params: unknown[] } {
    const parts: string[] = extra.map((e) => e.sql);
    const params: unknown[] = extra.flatMap((e) => e.params);
    if (q.status) {
      parts.push('o.status = ?');
      params.push(q.status);
    }
    if (q.from) {
      parts.push(`o.created_at >= ${FROM_DAY}`);
      params.push(q.from);
    }
    if (q.to) {
      parts.push(`o.created_at < ${BEFORE_DAY_AFTER}`);
      params.push(q.to);
    }
    if (q.productId) {
      parts.push('exists (select 1 from order_details x where x.order_id = o.order_id and x.product_id = ?)');
      params.push(q.productId);
    }
    if (q.book === 'toSend') {
      // D145: the books to dispatch, as the staff dashboard counts them
      parts.push(
        `o.status = ? and o.book_send = 'N' and exists (select 1 from order_book_addresses x where x.order_id = o.order_id)`,
      );
      params.push(PAID);
    }
    if (q.invite) {
      parts.push('o.invite = ?');
      params.push(q.invite);
    }
    if (q.q) {
      const like = likePattern(q.q);
      parts.push(
        '(o.reference ilike ? or o.user_email ilike ? or o.tracking ilike ? or o.order_no::text = ?)',
      );
      params.push(like, like, like, q.q);
    }
    return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
  }

  async list(q: AdminOrdersQuery) {
    const em = this.kit.orm.em.fork();
    const w = this.where(q);
    const [{ n }] = (await em.execute(
      `select count(*)::int as n from orders o ${w.sql}`,
      w.params as never[],
    )) as [{ n: number }];
    const rows = (await em.execute(`${SELECT} ${w.sql} order by ${SORTS[q.sort]} limit ? offset ?`, [
      ...w.params,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    ] as never[])) as Row[];
    return { items: rows.map((r) => toRow(r, this.secretKey)), page: q.page, pageSize: q.pageSize, total: n };
  }

  async one(principal: Principal, id: string): Promise<AdminOrderView> {
    const em = this.kit.orm.em.fork();
    const [row] = (await em.execute(`${SELECT} where o.order_id = ?`, [id])) as Row[];
    if (!row) throw new ProblemError('orders.order_not_found');
    const order = await this.orders.one(principal, id);
    const admin = toRow(row, this.secretKey);
    return {
      ...order,
      userEmail: admin.userEmail,
      productId: admin.productId,
      bookSend: admin.bookSend,
      tracking: admin.tracking,
      trackingBy: admin.trackingBy,
      certificate: admin.certificate,
      bookAddress: admin.bookAddress,
    };
  }

  /**
   * /admin/affiliate: orders by referrer, cancelled ones left out (they earned nothing), in the
   * Asia/Bangkok days asked; most orders first, then by referrer.
   */
  async affiliates(q: AffiliatesQuery) {
    const em = this.kit.orm.em.fork();
    const own: { sql: string; params: unknown[] }[] = [
      { sql: 'o.invite is not null and o.status <> ?', params: [CANCELLED] },
    ];
    if (q.q) own.push({ sql: 'o.invite ilike ?', params: [likePattern(q.q)] });
    const w = this.where({ ...(q.from ? { from: q.from } : {}), ...(q.to ? { to: q.to } : {}) }, own);
    const [{ n }] = (await em.execute(
      `select count(distinct o.invite)::int as n from orders o ${w.sql}`,
      w.params as never[],
    )) as [{ n: number }];
    const rows = (await em.execute(
      `select o.invite,
              count(*)::int as orders,
              count(*) filter (where o.status = ?)::int as paid_orders,
              coalesce(sum(o.net), 0)::bigint as net,
              coalesce(sum(o.net) filter (where o.status = ?), 0)::bigint as paid_net,
              max(o.created_at) as last_order_at
         from orders o ${w.sql}
        group by o.invite
        order by orders desc, o.invite asc
        limit ? offset ?`,
      [PAID, PAID, ...w.params, q.pageSize, (q.page - 1) * q.pageSize] as never[],
    )) as Row[];
    const items: AffiliateRow[] = rows.map((r) => ({
      invite: String(r.invite),
      orders: num(r.orders),
      paidOrders: num(r.paid_orders),
      net: num(r.net),
      paidNet: num(r.paid_net),
      lastOrderAt: iso(r.last_order_at),
    }));
    return { items, page: q.page, pageSize: q.pageSize, total: n };
  }

  async counts(): Promise<Record<OrderStatus, number>> {
    const rows = (await this.kit.orm.em
      .fork()
      .execute(`select status, count(*)::int as n from orders group by status`)) as {
      status: OrderStatus;
      n: number;
    }[];
    const out = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
    for (const r of rows) out[r.status] = r.n;
    return out;
  }

  /**
   * All or nothing: one unknown id refuses the whole list (400 naming each), nothing changes.
   * `orders.book.dispatched` goes out once for each order whose flag actually changed (same
   * transaction, through the outbox); setting the flag an order already has tells nobody.
   */
  async bookDispatch(body: BookDispatchBody): Promise<{ updated: number }> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      const found = (await em.execute(
        `select order_id, user_id, book_send, tracking from orders
          where order_id in (${body.ids.map(() => '?').join(', ')}) order by order_id for update`,
        body.ids,
      )) as { order_id: string; user_id: string; book_send: string; tracking: string | null }[];
      const known = new Set(found.map((r) => r.order_id));
      const unknown = body.ids.map((id, i) => ({ id, i })).filter((x) => !known.has(x.id));
      if (unknown.length) {
        throw new ProblemError('orders.unknown_orders', {
          errors: unknown.map((x) => fieldError(`ids[${x.i}]`, 'orders.order_not_found')),
          extra: { unknownIds: unknown.map((x) => x.id) },
        });
      }
      const now = this.clock();
      await em.execute(
        `update orders set book_send = ?, updated_at = ? where order_id in (${body.ids.map(() => '?').join(', ')})`,
        [body.status, now, ...body.ids] as never[],
      );
      for (const r of found.filter((f) => f.book_send !== body.status)) {
        this.kit.outbox.add(em, BookDispatched, {
          orderId: r.order_id,
          userId: r.user_id,
          bookSend: body.status,
          tracking: r.tracking,
          changedAt: now.toISOString(),
        });
      }
      await em.flush();
      return { updated: body.ids.length };
    });
  }

  /** The tracking number and who set it; a changed number → `orders.book.dispatched` (outbox). */
  async setTracking(principal: Principal, id: string, tracking: string): Promise<AdminOrderView> {
    const now = this.clock();
    const text = tracking.trim();
    await this.kit.orm.em.fork().transactional(async (em) => {
      const [row] = (await em.execute(
        `select user_id, book_send, tracking from orders where order_id = ? for update`,
        [id],
      )) as { user_id: string; book_send: AdminOrderRow['bookSend']; tracking: string | null }[];
      if (!row) throw new ProblemError('orders.order_not_found');
      await em.execute(
        `update orders set tracking = ?, tracking_by = ?, tracking_at = ?, updated_at = ? where order_id = ?`,
        [text, principal.sub, now, now, id] as never[],
      );
      if (row.tracking !== text) {
        this.kit.outbox.add(em, BookDispatched, {
          orderId: id,
          userId: row.user_id,
          bookSend: row.book_send,
          tracking: text,
          changedAt: now.toISOString(),
        });
        await em.flush();
      }
    });
    return this.one(principal, id);
  }

  async setCertificate(principal: Principal, id: string): Promise<AdminOrderView> {
    await this.updateOne(id, `certificate = 'Y', updated_at = ?`, [this.clock()]);
    return this.one(principal, id);
  }

  private async updateOne(id: string, set: string, params: unknown[]): Promise<void> {
    const res = (await this.kit.orm.em
      .fork()
      .execute(`update orders set ${set} where order_id = ? returning order_id`, [
        ...params,
        id,
      ] as never[])) as Row[];
    if (!res.length) throw new ProblemError('orders.order_not_found');
  }

  /** Orders of the Asia/Bangkok days `from`…`to` as CSV: BOM (Excel reads UTF-8 Thai), header, baht. */
  async reportCsv(from: string, to: string): Promise<string> {
    const w = this.where({ from, to });
    const rows = (await this.kit.orm.em
      .fork()
      .execute(`${SELECT} ${w.sql} order by o.created_at asc, o.order_no asc`, w.params as never[])) as Row[];
    return ordersCsv(rows);
  }

  /**
   * Cancel by code (spec 02 §6, public): the SPSK reference is the secret. Only an order still
   * waiting is cancelled; `orders.order.cancelled` tells payments and releases the coupon use.
   */
  /** `ownerId`: when a member asks, only their own order counts (another's is "not found"). */
  async cancelByCode(code: string, ownerId?: string) {
    return this.kit.orm.em.fork().transactional(async (em: EntityManager) => {
      const [row] = (await em.execute(`${SELECT} where o.reference = ? for update of o`, [
        code.trim().toUpperCase(),
      ])) as Row[];
      if (!row || (ownerId !== undefined && String(row.user_id) !== ownerId))
        throw new ProblemError('orders.order_not_found');
      if (!canTransition(row.status as OrderStatus, CANCELLED))
        throw new ProblemError('orders.not_cancellable');
      await cancelWaitingOrder(em, this.kit.outbox, row, 'code', this.clock());
      return {
        reference: String(row.reference),
        status: CANCELLED,
        productTitle: (row.product_title as string | null) ?? null,
        total: num(row.total),
        discount: num(row.discount),
        net: num(row.net),
      };
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    adminOrders: AdminOrders;
  }
}

export default fp<{ clock?: () => Date; secretKey: Buffer }>(
  async (app, opts) => {
    app.decorate(
      'adminOrders',
      new AdminOrders(app.kit, app.orderReads, opts.clock ?? (() => new Date()), opts.secretKey),
    );
  },
  { name: 'admin-orders', dependencies: ['order-reads'] },
);
