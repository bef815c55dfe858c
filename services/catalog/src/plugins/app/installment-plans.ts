import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import {
  containsPattern,
  FOR_SHARE,
  FOR_UPDATE,
  found,
  window,
  write,
  type Paging,
  type Paged,
} from '@rian/kit/staff-crud';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { ProblemError } from '@rian/kit/errors';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  InstallmentPlanChanged,
  InstallmentPlanDeleted,
  MAX_EMAILS_PER_PLAN,
  type InstallmentEmail,
  type InstallmentPlanCreateBody,
  type InstallmentPlanStaff,
  type InstallmentPlansToday,
  type InstallmentPlanUpdateBody,
} from '@rian/proto-contracts/catalog-commerce';
import { Product } from '../../entities/product.js';
import { InstallmentPlan, type InstallmentPlanEntity } from '../../entities/installment-plan.js';
import {
  InstallmentPlanEmail,
  type InstallmentPlanEmailEntity,
} from '../../entities/installment-plan-email.js';
import { normalEmail, plansOpenTo } from '@rian/proto-contracts/price-rules';
import { bangkokDay } from '../../domain/bangkok-day.js';
import {
  newPlanFields,
  planFieldProblems,
  updatedPlanFields,
  type PlanFields,
} from '../../domain/installment-rules.js';
import {
  planChangedData,
  planEmailView,
  planPublicView,
  planStaffView,
} from '../../domain/commerce-views.js';
import { assertNoProblems, emailOf } from './commerce-support.js';

function fieldsOf(p: InstallmentPlanEntity): PlanFields {
  return {
    name: p.name,
    detail: p.detail ?? null,
    type: p.type,
    count: p.count,
    start: p.start ?? null,
    to: p.to ?? null,
  };
}

export interface EmailsAdded {
  added: number;
  restored: number;
  unchanged: number;
  plan: InstallmentPlanStaff;
}

/**
 * Instalment plans and their e-mail lists (spec 02 §3, §4 "payment type 8 is offered only if the
 * product has an instalment plan today"). Every change of a plan or of its list emits
 * `catalog.installment-plan.changed` with the whole plan and its active e-mails, so orders can
 * decide without asking catalog. No public read caches plans, so nothing to invalidate.
 */
export class InstallmentPlanCatalog {
  constructor(
    private readonly kit: Kit,
    private readonly clock: () => Date,
  ) {}

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  async listStaff(q: Paging & { productId?: string; q?: string }): Promise<Paged<InstallmentPlanStaff>> {
    const em = this.em();
    const where: FilterQuery<InstallmentPlanEntity>[] = [];
    if (q.productId) where.push({ productId: q.productId });
    const text = q.q?.trim();
    if (text) {
      const like = containsPattern(text);
      const products = await em.find(Product, { title: { $ilike: like } }, { fields: ['id'], limit: 1_000 });
      where.push({ $or: [{ name: { $ilike: like } }, { productId: { $in: products.map((p) => p.id) } }] });
    }
    const [plans, total] = await em.findAndCount(InstallmentPlan, where.length ? { $and: where } : {}, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...window(q),
    });
    return { items: await this.staffViews(em, plans), page: q.page, pageSize: q.pageSize, total };
  }

  async staffById(planId: string): Promise<InstallmentPlanStaff> {
    const em = this.em();
    const plan = found(
      await em.findOne(InstallmentPlan, { id: planId }),
      'catalog.installment_plan_not_found',
    );
    return (await this.staffViews(em, [plan]))[0]!;
  }

  async create(body: InstallmentPlanCreateBody, by: string | null): Promise<InstallmentPlanStaff> {
    assertNoProblems(planFieldProblems(newPlanFields(body)));
    return this.write(async (em) => {
      found(await em.findOne(Product, { id: body.productId }, FOR_SHARE), 'catalog.product_not_found');
      const plan = this.insert(em, body, by);
      await em.flush();
      return (await this.staffViews(em, [plan]))[0]!;
    });
  }

  /** A new plan (no e-mails yet) and its event in `em`'s unit of work (staff's create; the demo seed). */
  insert(em: EntityManager, body: InstallmentPlanCreateBody, by: string | null): InstallmentPlanEntity {
    const fields = newPlanFields(body);
    assertNoProblems(planFieldProblems(fields));
    const now = new Date();
    const plan = em.create(InstallmentPlan, {
      id: uuidv7(),
      productId: body.productId,
      ...fields,
      revision: 1,
      createdBy: by,
      createdAt: now,
      updatedAt: now,
    });
    this.kit.outbox.add(em, InstallmentPlanChanged, planChangedData(plan, []));
    return plan;
  }

  async update(planId: string, body: InstallmentPlanUpdateBody): Promise<InstallmentPlanStaff> {
    return this.write(async (em) => {
      const plan = await this.locked(em, planId);
      const fields = updatedPlanFields(fieldsOf(plan), body);
      assertNoProblems(planFieldProblems(fields));
      em.assign(plan, fields);
      await this.changed(em, plan);
      return (await this.staffViews(em, [plan]))[0]!;
    });
  }

  async remove(planId: string): Promise<void> {
    await this.write(async (em) => {
      const plan = await this.locked(em, planId);
      em.remove(plan);
      this.kit.outbox.add(em, InstallmentPlanDeleted, {
        planId: plan.id,
        productId: plan.productId,
        deletedAt: new Date().toISOString(),
      });
    });
  }

  async emails(
    planId: string,
    q: Paging & { includeRemoved: boolean; q?: string },
  ): Promise<Paged<InstallmentEmail>> {
    const em = this.em();
    found(
      await em.findOne(InstallmentPlan, { id: planId }, { fields: ['id'] }),
      'catalog.installment_plan_not_found',
    );
    const where: FilterQuery<InstallmentPlanEmailEntity> = { planId };
    if (!q.includeRemoved) where.removed = 'N';
    const text = q.q?.trim();
    if (text) where.email = { $ilike: containsPattern(text.toLowerCase()) };
    const [items, total] = await em.findAndCount(InstallmentPlanEmail, where, {
      orderBy: [{ email: 'asc' }],
      ...window(q),
    });
    return { items: items.map(planEmailView), page: q.page, pageSize: q.pageSize, total };
  }

  /**
   * Lists e-mails on the plan: new ones are added, removed ones come back (spec 02 §4, as coupon
   * e-mails), listed ones stay. One event for the whole batch, none when nothing changed.
   */
  async addEmails(planId: string, emails: readonly string[], by: string | null): Promise<EmailsAdded> {
    return this.write(async (em) => {
      const plan = await this.locked(em, planId);
      const wanted = [...new Set(emails.map(normalEmail))];
      const existing = new Map(
        (await em.find(InstallmentPlanEmail, { planId, email: { $in: wanted } })).map((e) => [e.email, e]),
      );
      const fresh = wanted.filter((email) => !existing.has(email));
      const back = wanted.map((email) => existing.get(email)).filter((row) => row?.removed === 'Y');
      // counted before anything is added (a count flushes pending rows first)
      const active = await em.count(InstallmentPlanEmail, { planId, removed: 'N' });
      if (active + fresh.length + back.length > MAX_EMAILS_PER_PLAN) {
        throw new ProblemError('catalog.installment_emails_full', {
          extra: { max: MAX_EMAILS_PER_PLAN, listed: active },
        });
      }
      const now = new Date();
      for (const email of fresh) {
        em.create(InstallmentPlanEmail, {
          id: uuidv7(),
          planId,
          email,
          removed: 'N',
          createdBy: by,
          createdAt: now,
          updatedAt: now,
        });
      }
      for (const row of back) em.assign(row!, { removed: 'N', updatedAt: now });
      const added = fresh.length;
      const restored = back.length;
      if (added || restored) await this.changed(em, plan);
      const view = (await this.staffViews(em, [plan]))[0]!;
      return { added, restored, unchanged: wanted.length - added - restored, plan: view };
    });
  }

  /** Soft delete (the row stays, marked removed); removing a removed e-mail changes nothing. */
  async removeEmail(planId: string, emailId: string): Promise<void> {
    await this.write(async (em) => {
      const plan = await this.locked(em, planId);
      const row = found(
        await em.findOne(InstallmentPlanEmail, { id: emailId, planId }),
        'catalog.installment_email_not_found',
      );
      if (row.removed === 'Y') return;
      em.assign(row, { removed: 'Y', updatedAt: new Date() });
      await this.changed(em, plan);
    });
  }

  /**
   * The plans of an enabled product open today (Asia/Bangkok) to the caller: type all for anyone,
   * type email only to a signed-in member whose e-mail the plan lists.
   */
  async today(productId: string, principal: Principal | undefined): Promise<InstallmentPlansToday> {
    const em = this.em();
    const day = bangkokDay(this.clock());
    found(
      await em.findOne(Product, { id: productId, disable: 'N' }, { fields: ['id'] }),
      'catalog.product_not_found',
    );
    const plans = await em.find(InstallmentPlan, { productId });
    const email = emailOf(principal);
    const byEmail = plans.filter((p) => p.type === 'email').map((p) => p.id);
    const listed =
      email && byEmail.length
        ? await em.find(
            InstallmentPlanEmail,
            { planId: { $in: byEmail }, email: normalEmail(email), removed: 'N' },
            { fields: ['planId'] },
          )
        : [];
    const open = plansOpenTo(plans.map(fieldsWithId), day, new Set(listed.map((e) => e.planId)));
    const byId = new Map(plans.map((p) => [p.id, p]));
    return { productId, date: day, items: open.map((p) => planPublicView(byId.get(p.id)!)) };
  }

  private async locked(em: EntityManager, planId: string): Promise<InstallmentPlanEntity> {
    return found(
      await em.findOne(InstallmentPlan, { id: planId }, FOR_UPDATE),
      'catalog.installment_plan_not_found',
    );
  }

  /** A new revision of the plan and its event, with the e-mail list as it stands after this change. */
  private async changed(em: EntityManager, plan: InstallmentPlanEntity): Promise<void> {
    em.assign(plan, { revision: plan.revision + 1, updatedAt: new Date() });
    await em.flush();
    const active = await em.find(
      InstallmentPlanEmail,
      { planId: plan.id, removed: 'N' },
      { fields: ['email'], orderBy: { email: 'asc' } },
    );
    this.kit.outbox.add(
      em,
      InstallmentPlanChanged,
      planChangedData(
        plan,
        active.map((e) => e.email),
      ),
    );
  }

  private async staffViews(
    em: EntityManager,
    plans: InstallmentPlanEntity[],
  ): Promise<InstallmentPlanStaff[]> {
    if (!plans.length) return [];
    const productIds = [...new Set(plans.map((p) => p.productId))];
    const products = await em.find(Product, { id: { $in: productIds } }, { fields: ['id', 'title'] });
    const titles = new Map(products.map((p) => [p.id, p.title]));
    const ids = plans.map((p) => p.id);
    const counts = (await em.execute(
      `select plan_id, count(*)::int as n from installment_plan_emails
        where removed = 'N' and plan_id in (${ids.map(() => '?').join(', ')}) group by plan_id`,
      ids,
    )) as { plan_id: string; n: number }[];
    const countOf = new Map(counts.map((c) => [c.plan_id, c.n]));
    return plans.map((p) => planStaffView(p, titles.get(p.productId) ?? '', countOf.get(p.id) ?? 0));
  }

  private write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return write({ kit: this.kit }, work, {
      installment_plans_product_id_fkey: 'catalog.product_not_found',
    });
  }
}

function fieldsWithId(p: InstallmentPlanEntity) {
  return { id: p.id, ...fieldsOf(p) };
}

declare module 'fastify' {
  interface FastifyInstance {
    installmentPlans: InstallmentPlanCatalog;
  }
}

export default fp<{ clock: () => Date }>(
  async (app, opts) => {
    app.decorate('installmentPlans', new InstallmentPlanCatalog(app.kit, opts.clock));
  },
  { name: 'installment-plans' },
);
