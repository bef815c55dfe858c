import fp from 'fastify-plugin';
import type { MikroORM } from '@rian/kit/db';
import type { InstallmentPlanType, PriceType } from '@rian/proto-contracts/catalog-commerce';
import type { YesNo } from '@rian/proto-contracts/enums';
import { SellableProduct, type SellableProductEntity } from '../../entities/sellable-product.js';
import { ProductPrice, type ProductPriceEntity } from '../../entities/product-price.js';
import { ProductCourseList } from '../../entities/product-course-list.js';
import { InstallmentPlan, type InstallmentPlanEntity } from '../../entities/installment-plan.js';
import { InstallmentPlanEmail } from '../../entities/installment-plan-email.js';
import { bangkokDay } from '../../domain/bangkok-time.js';
import { normalEmail, plansOpenTo, pricesForMember } from '@rian/proto-contracts/price-rules';

export interface SellableProductView {
  productId: string;
  url: string;
  title: string;
  price: number;
  book: YesNo;
  coinPay: YesNo;
  coursesId: string | null;
}

export interface SellablePriceView {
  priceId: string;
  productId: string;
  type: PriceType;
  member: string;
  value: number;
  title: string;
  start: string | null;
  to: string | null;
  /** Y: the card fee is waived */
  fee: YesNo;
}

export interface OpenPlanView {
  planId: string;
  productId: string;
  name: string;
  detail: string | null;
  type: InstallmentPlanType;
  count: number;
  start: string | null;
  to: string | null;
}

const productView = (p: SellableProductEntity): SellableProductView => ({
  productId: p.productId,
  url: p.url,
  title: p.title,
  price: p.price,
  book: p.book,
  coinPay: p.coinPay,
  coursesId: p.coursesId ?? null,
});

const priceView = (p: ProductPriceEntity): SellablePriceView => ({
  priceId: p.priceId,
  productId: p.productId,
  type: p.type,
  member: p.member,
  value: p.value,
  title: p.title,
  start: p.start ?? null,
  to: p.to ?? null,
  fee: p.fee,
});

const planView = (p: InstallmentPlanEntity): OpenPlanView => ({
  planId: p.planId,
  productId: p.productId,
  name: p.name,
  detail: p.detail ?? null,
  type: p.type,
  count: p.count,
  start: p.start ?? null,
  to: p.to ?? null,
});

/**
 * What orders knows of the catalog, answered from its own tables only (kept by the
 * `catalog.*` handlers) — never by asking catalog, so checkout works while catalog is down.
 * A product is sellable when catalog told us of it, has not deleted it, and it is not disabled.
 */
export class CatalogReadModel {
  constructor(
    private readonly orm: MikroORM,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Today in Asia/Bangkok by the app clock. */
  today(): string {
    return bangkokDay(this.clock());
  }

  async sellableProduct(productId: string): Promise<SellableProductView | undefined> {
    const p = await this.orm.em.fork().findOne(SellableProduct, { productId, disable: 'N' });
    return p ? productView(p) : undefined;
  }

  /** The prices a member holding `membershipCodes` may buy the product at on `day`: SEB, EB, NL, cheaper first. */
  async pricesFor(
    productId: string,
    membershipCodes: readonly string[],
    day: string,
  ): Promise<SellablePriceView[]> {
    if (!membershipCodes.length || !(await this.sellableProduct(productId))) return [];
    return this.pricesOf(productId, membershipCodes, day);
  }

  /**
   * The price `priceId` of a product the caller has just read as sellable (`sellableProduct`), when
   * this member may buy at it on `day` — `priceFor` without reading the product again (checkout
   * asks it for every order of a sale).
   */
  async priceOfSellable(
    productId: string,
    priceId: string,
    membershipCodes: readonly string[],
    day: string,
  ): Promise<SellablePriceView | undefined> {
    return (await this.pricesOf(productId, membershipCodes, day)).find((p) => p.priceId === priceId);
  }

  /** `pricesFor` for a product already known sellable (no second read of it). */
  private async pricesOf(
    productId: string,
    membershipCodes: readonly string[],
    day: string,
  ): Promise<SellablePriceView[]> {
    if (!membershipCodes.length) return [];
    const rows = await this.orm.em.fork().find(ProductPrice, { productId, removed: false });
    return pricesForMember(
      rows.map((r) => ({ ...priceView(r), id: r.priceId, removed: r.removed })),
      day,
      membershipCodes,
    ).map(({ id: _id, removed: _removed, ...view }) => view);
  }

  /**
   * "Price P of product X for membership codes C on Bangkok day D": the product and the price when
   * this member may buy at it that day; undefined when the product is unknown, deleted or disabled,
   * or the price is not theirs (unknown, removed, of another product, another code, out of its window).
   */
  async priceFor(
    productId: string,
    priceId: string,
    membershipCodes: readonly string[],
    day: string,
  ): Promise<{ product: SellableProductView; price: SellablePriceView } | undefined> {
    const product = await this.sellableProduct(productId);
    if (!product) return undefined;
    // one read of the product (checkout asks this for every order of a sale)
    const price = (await this.pricesOf(productId, membershipCodes, day)).find((p) => p.priceId === priceId);
    return price ? { product, price } : undefined;
  }

  /** "Plans open today for e-mail E": the product's plans open on `day` to everyone or listing `email`. */
  async plansOpenTo(productId: string, email: string | null, day: string): Promise<OpenPlanView[]> {
    if (!(await this.sellableProduct(productId))) return [];
    const em = this.orm.em.fork();
    const plans = await em.find(InstallmentPlan, { productId });
    const emailPlans = plans.filter((p) => p.type === 'email').map((p) => p.planId);
    const listed =
      email && emailPlans.length
        ? await em.find(InstallmentPlanEmail, { planId: { $in: emailPlans }, email: normalEmail(email) })
        : [];
    const listedFor = new Set(listed.map((l) => l.planId));
    return plansOpenTo(
      plans.map((p) => ({ ...planView(p), id: p.planId })),
      day,
      listedFor,
    ).map(({ id: _id, ...view }) => view);
  }

  /** One plan, when it is open to `email` on `day` (what checkout with payment type 8 must hold). */
  async planFor(
    productId: string,
    planId: string,
    email: string | null,
    day: string,
  ): Promise<OpenPlanView | undefined> {
    return (await this.plansOpenTo(productId, email, day)).find((p) => p.planId === planId);
  }

  /** The courses a product grants (enrolments on payment); empty when catalog never set them. */
  async courseIds(productId: string): Promise<string[]> {
    const row = await this.orm.em.fork().findOne(ProductCourseList, { productId });
    return row?.courseIds ?? [];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogReadModel: CatalogReadModel;
  }
}

export default fp<{ clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('catalogReadModel', new CatalogReadModel(app.kit.orm, opts.clock));
  },
  { name: 'catalog-read-model' },
);
