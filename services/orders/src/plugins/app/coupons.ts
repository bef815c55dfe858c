import fp from 'fastify-plugin';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import type { CouponCheckBody, CouponInput, CouponView } from '@rian/proto-contracts/coupons';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { priceCodesOf } from '@rian/proto-contracts/enums';
import { Coupon, CouponEmail, type CouponEntity } from '../../entities/coupon.js';
import { couponRecord, type CouponRecord } from '../../domain/coupon-form.js';
import { bangkokDay, bangkokMinute } from '../../domain/bangkok-time.js';
import { normalEmail } from '@rian/proto-contracts/price-rules';
import { HOLDS_NO_COUPON_USE } from '../../domain/order-status.js';
import { couponRule, redeemCoupon } from './coupon-redemption.js';
import type { CatalogReadModel } from './read-model.js';

export interface CouponListFilter {
  q?: string | undefined;
  productId?: string | undefined;
  active?: boolean | undefined;
  page: number;
  pageSize: number;
}

const view = (c: CouponEntity, usedCount: number): CouponView => ({
  ...couponRule(c),
  name: c.name,
  detail: c.detail ?? null,
  percent: c.percent === null || c.percent === undefined ? null : Number(c.percent),
  year: c.year ?? null,
  month: c.month ?? null,
  day: c.day ?? null,
  hour: c.hour ?? null,
  payment: c.payment ?? null,
  usedCount,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/** LIKE pattern of a literal text: its %, _ and \ match themselves. */
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * The coupon back office (spec 02 §3, §5, §7 coupon and couponEmail) and the member's check before
 * checkout, which answers what checkout would take off without using the coupon up.
 */
export class Coupons {
  constructor(
    private readonly kit: Kit,
    private readonly catalog: CatalogReadModel,
    private readonly clock: () => Date,
  ) {}

  async list(f: CouponListFilter) {
    const em = this.kit.orm.em.fork();
    const and: object[] = [];
    const q = f.q?.trim();
    if (q) and.push({ $or: [{ code: { $ilike: likeOf(q) } }, { name: { $ilike: likeOf(q) } }] });
    if (f.productId) and.push({ productId: f.productId });
    if (f.active !== undefined) {
      const [day, minute] = bangkokMinute(this.clock()).split(' ') as [string, string];
      and.push(
        f.active
          ? {
              $or: [
                { to: null },
                { to: { $gt: day } },
                { to: day, $or: [{ toTime: null }, { toTime: { $gte: minute } }] },
              ],
            }
          : { $or: [{ to: { $lt: day } }, { to: day, toTime: { $lt: minute } }] },
      );
    }
    const [rows, total] = await em.findAndCount(
      Coupon,
      { $and: and },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: f.pageSize, offset: (f.page - 1) * f.pageSize },
    );
    const used = await this.usedCounts(
      em,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => view(r, used.get(r.id) ?? 0)),
      page: f.page,
      pageSize: f.pageSize,
      total,
    };
  }

  async one(id: string): Promise<CouponView> {
    const em = this.kit.orm.em.fork();
    const c = await this.found(em, id);
    return view(c, (await this.usedCounts(em, [id])).get(id) ?? 0);
  }

  async create(input: CouponInput): Promise<CouponView> {
    const record = this.valid(input);
    return this.unique(() =>
      this.kit.orm.em.fork().transactional(async (em) => {
        await this.refuseTakenCode(em, record.code);
        const now = new Date();
        const c = em.create(Coupon, { id: uuidv7(), ...record, createdAt: now, updatedAt: now });
        await em.flush();
        return view(c, 0);
      }),
    );
  }

  /**
   * The demo coupons (ORDERS_SEED_DEMO) on an empty coupons table, checked like staff's create;
   * once only, even when replicas start together. Returns how many were added.
   */
  async seedWhenEmpty(inputs: readonly CouponInput[]): Promise<number> {
    const records = inputs.map((input) => this.valid(input));
    return this.kit.orm.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', ['orders.demo-seed']);
      if ((await em.count(Coupon)) > 0) return 0;
      const now = new Date();
      for (const record of records)
        em.create(Coupon, { id: uuidv7(), ...record, createdAt: now, updatedAt: now });
      return records.length;
    });
  }

  /** PUT takes the whole coupon: only the value of its (possibly new) type is kept. */
  async update(id: string, input: CouponInput): Promise<CouponView> {
    const record = this.valid(input);
    return this.unique(() =>
      this.kit.orm.em.fork().transactional(async (em) => {
        const c = await this.found(em, id, true);
        await this.refuseTakenCode(em, record.code, id);
        em.assign(c, { ...record, updatedAt: new Date() });
        await em.flush();
        return view(c, (await this.usedCounts(em, [id])).get(id) ?? 0);
      }),
    );
  }

  /**
   * A coupon any order refers to (even a cancelled one) stays: those orders keep saying which
   * coupon they had. Such a coupon is retired by ending its window or setting its limit instead.
   */
  async remove(id: string): Promise<void> {
    await this.kit.orm.em.fork().transactional(async (em) => {
      await this.found(em, id, true);
      const [{ n }] = (await em.execute(
        `select (select count(*) from orders where coupon_id = ?) + (select count(*) from order_details where coupon_id = ?) as n`,
        [id, id],
      )) as [{ n: string | number }];
      if (Number(n) > 0) throw new ProblemError('coupon.in_use');
      await em.nativeDelete(Coupon, { id });
    });
  }

  async emails(couponId: string) {
    const em = this.kit.orm.em.fork();
    await this.found(em, couponId);
    const rows = await em.find(CouponEmail, { couponId, removed: false }, { orderBy: { email: 'asc' } });
    return { items: rows.map((r) => ({ id: r.id, email: r.email })) };
  }

  /** Adds e-mails (lower-cased); one removed before is restored rather than added again (spec 02 §4). */
  async addEmails(couponId: string, emails: string[]) {
    const list = [...new Set(emails.map(normalEmail))];
    await this.kit.orm.em.fork().transactional(async (em) => {
      await this.found(em, couponId, true);
      for (const email of list) {
        await em.execute(
          `insert into coupon_emails (coupon_id, email, id, removed) values (?, ?, ?, false)
           on conflict (coupon_id, email) do update set removed = false`,
          [couponId, email, uuidv7()],
        );
      }
    });
    return this.emails(couponId);
  }

  /** Soft delete (spec 02 §4: remove_by Y). */
  async removeEmail(couponId: string, emailId: string): Promise<void> {
    const em = this.kit.orm.em.fork();
    const n = await em.nativeUpdate(
      CouponEmail,
      { couponId, id: emailId, removed: false },
      { removed: true },
    );
    if (n === 0) {
      await this.found(em, couponId);
      throw new ProblemError('coupon.email_not_found');
    }
  }

  /**
   * Spec 02 §7 coupon ByCode: checkout's redemption (`redeemCoupon`, the same lookup and counts) at
   * the price the member would pay, without placing an order — so nothing is used up and no lock is held.
   */
  async check(principal: Principal, body: CouponCheckBody) {
    const now = this.clock();
    const day = bangkokDay(now);
    const codes = principal.membershipCodes ?? [];
    if (!(await this.catalog.sellableProduct(body.productId)))
      throw new ProblemError('orders.product_not_found');
    const prices = await this.catalog.pricesFor(body.productId, priceCodesOf(codes), day);
    const price = body.priceId ? prices.find((p) => p.priceId === body.priceId) : prices[0];
    if (!price) throw new ProblemError('orders.price_not_available');

    const { coupon, discount, points, usedCount } = await redeemCoupon(this.kit.orm.em.fork(), {
      code: body.code,
      productId: body.productId,
      price: price.value,
      principal,
      now,
    });
    return {
      couponId: coupon.id,
      code: coupon.code,
      name: coupon.name,
      type: coupon.type,
      priceId: price.priceId,
      price: price.value,
      discount,
      points,
      memberOnly: coupon.memberOnly,
      emailOnly: coupon.emailOnly,
      countOrder: usedCount,
      limit: coupon.limit ?? null,
    };
  }

  private valid(input: CouponInput): CouponRecord {
    const r = couponRecord(input);
    if ('problems' in r) throw validationProblem(r.problems.map(([field, code]) => fieldError(field, code)));
    return r.record;
  }

  private async found(em: EntityManager, id: string, lock = false): Promise<CouponEntity> {
    const c = await em.findOne(Coupon, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!c) throw new ProblemError('coupon.not_found');
    return c;
  }

  private async refuseTakenCode(em: EntityManager, code: string, except?: string): Promise<void> {
    const rows = (await em.execute(`select coupon_id from coupons where lower(code) = lower(?)`, [code])) as {
      coupon_id: string;
    }[];
    if (rows.some((r) => r.coupon_id !== except)) throw new ProblemError('coupon.code_taken');
  }

  /** Two saves of one code at once: the unique index lets one through; the other hears "taken". */
  private async unique<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw new ProblemError('coupon.code_taken');
      throw err;
    }
  }

  /** Orders holding a use of each coupon (not cancelled): what its limit counts, as redemption counts it. */
  private async usedCounts(em: EntityManager, ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = (await em.execute(
      `select coupon_id, count(*)::int as n from orders
       where coupon_id in (${ids.map(() => '?').join(', ')})
         and status not in (${HOLDS_NO_COUPON_USE.map(() => '?').join(', ')}) group by coupon_id`,
      [...ids, ...HOLDS_NO_COUPON_USE],
    )) as { coupon_id: string; n: number }[];
    return new Map(rows.map((r) => [r.coupon_id, Number(r.n)]));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    coupons: Coupons;
  }
}

export default fp<{ clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('coupons', new Coupons(app.kit, app.catalogReadModel, opts.clock ?? (() => new Date())));
  },
  { name: 'coupons', dependencies: ['catalog-read-model'] },
);
