import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { FOR_SHARE, FOR_UPDATE, found, window, write, type Paging, type Paged } from '@rian/kit/staff-crud';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  PriceChanged,
  type PriceCreateBody,
  type PriceLookup,
  type PricePublic,
  type PriceStaff,
  type PriceUpdateBody,
  type PricingPage,
} from '@rian/proto-contracts/catalog-commerce';
import { Product } from '../../entities/product.js';
import { Package } from '../../entities/package.js';
import { ProductPrice, type ProductPriceEntity } from '../../entities/product-price.js';
import { comparePrices, dayInWindow, pricesForMember } from '@rian/proto-contracts/price-rules';
import { bangkokDay } from '../../domain/bangkok-day.js';
import { preselect } from '../../domain/preselection.js';
import { newPriceFields, priceFieldProblems, updatedPriceFields } from '../../domain/price-rules.js';
import { publicView } from '../../domain/product-views.js';
import {
  packagePublicView,
  priceChangedData,
  pricePublicView,
  priceStaffView,
  storedPriceFields,
} from '../../domain/commerce-views.js';
import type { CatalogCache } from './cache.js';
import { assertNoProblems, membershipCodesOf } from './commerce-support.js';

/** What the shop's price lookup needs of a product, cached as one entry per product. */
interface ShopPrices {
  enabled: boolean;
  prices: PricePublic[];
}

/**
 * Product prices: staff write them (soft delete), the shop looks them up by date for the signed-in
 * member (spec 02 §4). Every change emits `catalog.price.changed` with the whole row.
 */
export class PriceCatalog {
  constructor(
    private readonly kit: Kit,
    private readonly cache: CatalogCache,
    private readonly clock: () => Date,
  ) {}

  async listStaff(productId: string, q: Paging & { includeRemoved: boolean }): Promise<Paged<PriceStaff>> {
    const em = this.kit.orm.em.fork();
    found(await em.findOne(Product, { id: productId }, { fields: ['id'] }), 'catalog.product_not_found');
    const [items, total] = await em.findAndCount(
      ProductPrice,
      q.includeRemoved ? { productId } : { productId, removed: 'N' },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...window(q) },
    );
    return { items: items.map(priceStaffView), page: q.page, pageSize: q.pageSize, total };
  }

  async staffById(productId: string, priceId: string): Promise<PriceStaff> {
    const p = await this.kit.orm.em.fork().findOne(ProductPrice, { id: priceId, productId });
    return priceStaffView(found(p, 'catalog.price_not_found'));
  }

  async create(productId: string, body: PriceCreateBody, by: string | null): Promise<PriceStaff> {
    assertNoProblems(priceFieldProblems(newPriceFields(body)));
    const price = await this.write(async (em) => {
      // a shared lock: the product cannot be deleted under the new price
      found(await em.findOne(Product, { id: productId }, FOR_SHARE), 'catalog.product_not_found');
      return this.insert(em, productId, body, by);
    });
    return priceStaffView(price);
  }

  /** A new price and its event in `em`'s unit of work (staff's create; the demo seed). */
  insert(em: EntityManager, productId: string, body: PriceCreateBody, by: string | null): ProductPriceEntity {
    const fields = newPriceFields(body);
    assertNoProblems(priceFieldProblems(fields));
    const now = new Date();
    const p = em.create(ProductPrice, {
      id: uuidv7(),
      productId,
      ...fields,
      removed: 'N',
      removedAt: null,
      removedBy: null,
      revision: 1,
      createdBy: by,
      createdAt: now,
      updatedAt: now,
    });
    this.kit.outbox.add(em, PriceChanged, priceChangedData(p));
    return p;
  }

  async update(productId: string, priceId: string, body: PriceUpdateBody): Promise<PriceStaff> {
    return this.change(productId, priceId, (p) => {
      const fields = updatedPriceFields(storedPriceFields(p), body);
      assertNoProblems(priceFieldProblems(fields));
      return fields;
    });
  }

  /** Soft delete (remove_by): off sale, kept for the orders that point at it. Again: no change. */
  async remove(productId: string, priceId: string, by: string | null): Promise<void> {
    await this.change(productId, priceId, (p) =>
      p.removed === 'Y' ? undefined : { removed: 'Y', removedAt: new Date(), removedBy: by },
    );
  }

  async restore(productId: string, priceId: string): Promise<PriceStaff> {
    return this.change(productId, priceId, (p) =>
      p.removed === 'N' ? undefined : { removed: 'N', removedAt: null, removedBy: null },
    );
  }

  /**
   * Spec 02 §4 "Product price lookup by date": the prices the caller may choose on `date` (today in
   * Asia/Bangkok when absent), SEB before EB before NL, and the one to preselect. Anonymous
   * callers, staff and members without a matching code get an empty list.
   */
  async lookup(
    productId: string,
    date: string | undefined,
    principal: Principal | undefined,
  ): Promise<PriceLookup> {
    const day = date ?? bangkokDay(this.clock());
    const shop = await this.cache.json<ShopPrices>(`prices:${productId}`, () =>
      this.loadShopPrices(productId),
    );
    if (!shop.enabled) found(null, 'catalog.product_not_found');
    const codes = membershipCodesOf(principal);
    const items = pricesForMember(shop.prices, day, codes);
    return { productId, date: day, items, preselectedPriceId: preselect(items, codes)?.id ?? null };
  }

  /**
   * The public /pricing page on `date` (default today in Asia/Bangkok): what staff chose to show
   * everyone (products and packages with price_list Y, prices with show Y), whatever the visitor's
   * membership. The member's own prices come from `lookup`.
   */
  async pricing(date: string | undefined): Promise<PricingPage> {
    const day = date ?? bangkokDay(this.clock());
    return this.cache.json<PricingPage>(`pricing:${day}`, async () => {
      const em = this.kit.orm.em.fork();
      const newestFirst = { orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], limit: 100 };
      const products = await em.find(Product, { disable: 'N', priceList: 'Y' }, newestFirst);
      const prices = products.length
        ? await em.find(ProductPrice, {
            productId: { $in: products.map((p) => p.id) },
            show: 'Y',
            removed: 'N',
          })
        : [];
      const byProduct = new Map<string, PricePublic[]>();
      for (const price of prices
        .map(pricePublicView)
        .filter((p) => dayInWindow(day, p))
        .sort(comparePrices)) {
        byProduct.set(price.productId, [...(byProduct.get(price.productId) ?? []), price]);
      }
      const packages = await em.find(Package, { disable: 'N', priceList: 'Y' }, newestFirst);
      return {
        date: day,
        products: products.map((p) => ({ product: publicView(p), prices: byProduct.get(p.id) ?? [] })),
        packages: packages.map(packagePublicView),
      };
    });
  }

  private async loadShopPrices(productId: string): Promise<ShopPrices> {
    const em = this.kit.orm.em.fork();
    const product = await em.findOne(Product, { id: productId, disable: 'N' }, { fields: ['id'] });
    if (!product) return { enabled: false, prices: [] };
    const rows = await em.find(ProductPrice, { productId, removed: 'N' });
    return { enabled: true, prices: rows.map(pricePublicView) };
  }

  /**
   * Changes one price under a row lock: `next` returns the new fields, or undefined for "nothing
   * to do" (no event, no new revision). Emits the whole row; the cache forgets the old one.
   */
  private async change(
    productId: string,
    priceId: string,
    next: (p: ProductPriceEntity) => Partial<ProductPriceEntity> | undefined,
  ): Promise<PriceStaff> {
    const price = await this.write(async (em) => {
      const p = found(
        await em.findOne(ProductPrice, { id: priceId, productId }, FOR_UPDATE),
        'catalog.price_not_found',
      );
      const changes = next(p);
      if (!changes) return p;
      em.assign(p, { ...changes, revision: p.revision + 1, updatedAt: new Date() });
      this.kit.outbox.add(em, PriceChanged, priceChangedData(p));
      return p;
    });
    return priceStaffView(price);
  }

  private write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return write({ kit: this.kit, afterCommit: () => this.cache.invalidate() }, work, {
      product_prices_product_id_fkey: 'catalog.product_not_found',
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    prices: PriceCatalog;
  }
}

export default fp<{ clock: () => Date }>(
  async (app, opts) => {
    app.decorate('prices', new PriceCatalog(app.kit, app.catalogCache, opts.clock));
  },
  { name: 'prices', dependencies: ['catalog-cache'] },
);
