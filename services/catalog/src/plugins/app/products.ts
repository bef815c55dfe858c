import fp from 'fastify-plugin';
import { LockMode, UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import { listOrder } from '../../domain/list-order.js';
import type { ProductSort } from '@rian/proto-contracts/catalog';
import type { EntityManager } from '@rian/kit/db';
import { containsPattern, type Paged } from '@rian/kit/staff-crud';
import type { Kit } from '@rian/kit/service';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  ProductChanged,
  ProductChatChannelsChanged,
  ProductDeleted,
  type ProductCreateBody,
  type ProductPublic,
  type ProductStaff,
  type ProductUpdateBody,
} from '@rian/proto-contracts/catalog';
import { Product, type ProductEntity } from '../../entities/product.js';
import {
  newProductFields,
  productFieldProblems,
  updatedProductFields,
  type ProductFields,
} from '../../domain/product-rules.js';
import {
  chatChannelsData,
  productChangedData,
  publicView,
  staffView,
  storedFields,
  type ProductRecord,
} from '../../domain/product-views.js';
import type { KnownCourses } from './known-courses.js';

export interface ListQuery {
  q?: string;
  sort?: ProductSort;
  page: number;
  pageSize: number;
}

// one key for every replica: seeding is serialised database-wide
const SEED_LOCK = 'catalog.seed-demo';

function assertValid(fields: ProductFields): void {
  const problems = productFieldProblems(fields);
  if (!problems.length) return;
  throw validationProblem(
    problems.map((p) =>
      p.rule === 'required'
        ? fieldError(p.field, 'validation.required')
        : fieldError(p.field, 'catalog.product_to_before_start'),
    ),
  );
}

/** Products: reads for the shop and the back office, and staff writes with their events (one transaction each). */
export class ProductCatalog {
  /** `changed` runs after every committed change (the public read cache is invalidated there). */
  constructor(
    private readonly kit: Kit,
    private readonly known: KnownCourses,
    private readonly changed: () => Promise<void> = async () => {},
  ) {}

  /** A course id given to the product must be one learning has (422 `catalog.course_unknown`). */
  private async knownCourse(em: EntityManager, fields: ProductFields): Promise<ProductFields> {
    if (fields.coursesId === null) return fields;
    const [coursesId] = await this.known.check(em, [fields.coursesId], 'coursesId');
    return { ...fields, coursesId: coursesId ?? fields.coursesId };
  }

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  async listPublic(query: ListQuery): Promise<Paged<ProductPublic>> {
    const page = await this.list(query, true);
    return { ...page, items: page.items.map(publicView) };
  }

  async listStaff(query: ListQuery): Promise<Paged<ProductStaff>> {
    const page = await this.list(query, false);
    return { ...page, items: page.items.map(staffView) };
  }

  async publicByUrl(url: string): Promise<ProductPublic> {
    const p = await this.em().findOne(Product, { url, disable: 'N' });
    if (!p) throw new ProblemError('catalog.product_not_found');
    return publicView(p);
  }

  async staffById(id: string): Promise<ProductStaff> {
    const p = await this.em().findOne(Product, { id });
    if (!p) throw new ProblemError('catalog.product_not_found');
    return staffView(p);
  }

  async create(body: ProductCreateBody, createdBy: string | null): Promise<ProductStaff> {
    const fields = newProductFields(body);
    assertValid(fields);
    const product = await this.write(async (em) =>
      this.insert(em, await this.knownCourse(em, fields), createdBy),
    );
    return staffView(product);
  }

  async update(id: string, body: ProductUpdateBody): Promise<ProductStaff> {
    const product = await this.write(async (em) => {
      const p = await em.findOne(Product, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!p) throw new ProblemError('catalog.product_not_found');
      const before = storedFields(p);
      let fields = updatedProductFields(before, body);
      assertValid(fields);
      // an id kept from before is not checked again (it may predate the check, or the course be gone)
      if (fields.coursesId !== before.coursesId) fields = await this.knownCourse(em, fields);
      em.assign(p, { ...fields, updatedAt: new Date() });
      this.kit.outbox.add(em, ProductChanged, productChangedData(p));
      if (before.lineToken !== fields.lineToken || before.telegramToken !== fields.telegramToken) {
        this.kit.outbox.add(em, ProductChatChannelsChanged, chatChannelsData(p));
      }
      return p;
    });
    return staffView(product);
  }

  async remove(id: string): Promise<void> {
    await this.write(async (em) => {
      const p = await em.findOne(Product, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!p) throw new ProblemError('catalog.product_not_found');
      em.remove(p);
      const deletedAt = new Date().toISOString();
      this.kit.outbox.add(em, ProductDeleted, { productId: p.id, url: p.url, deletedAt });
      if (p.lineToken !== null || p.telegramToken !== null) {
        // notifications forgets the product's channel
        this.kit.outbox.add(em, ProductChatChannelsChanged, {
          productId: p.id,
          lineTo: null,
          telegramChatId: null,
          changedAt: deletedAt,
        });
      }
    });
  }

  /**
   * Inserts `products` (with their events) only when the table is empty. The advisory lock makes
   * replicas starting together take turns, so exactly one of them seeds. Returns how many it added.
   */
  async seedWhenEmpty(
    products: readonly ProductCreateBody[],
    andThen?: (em: EntityManager, idOf: (url: string) => string) => Promise<void>,
  ): Promise<number> {
    const added = await this.em().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [SEED_LOCK]);
      if ((await em.count(Product)) > 0) return 0;
      const ids = new Map<string, string>();
      // lists are newest first: insert backwards so the shop shows them in the order given
      for (const body of [...products].reverse()) {
        const fields = newProductFields(body);
        assertValid(fields);
        ids.set(body.url, this.insert(em, fields, null).id);
      }
      // what hangs off the products (prices, plans, courses…), in the same transaction: all or nothing
      await em.flush();
      await andThen?.(em, (url) => {
        const id = ids.get(url);
        if (!id) throw new Error(`the demo data names a product it does not seed: ${url}`);
        return id;
      });
      return products.length;
    });
    if (added) await this.changed();
    return added;
  }

  /** Adds a product and its event to `em`'s unit of work (also for other catalog writes, e.g. a package's product). */
  insert(em: EntityManager, fields: ProductFields, createdBy: string | null): ProductEntity {
    const now = new Date();
    const p = em.create(Product, { id: uuidv7(), ...fields, createdBy, createdAt: now, updatedAt: now });
    this.kit.outbox.add(em, ProductChanged, productChangedData(p));
    if (fields.lineToken !== null || fields.telegramToken !== null) {
      this.kit.outbox.add(em, ProductChatChannelsChanged, chatChannelsData(p));
    }
    return p;
  }

  /** Runs a write in a transaction; a url another product holds becomes a 409. */
  private async write<T>(work: (em: EntityManager) => Promise<T> | T): Promise<T> {
    let result: T;
    try {
      result = await this.em().transactional(async (em) => work(em));
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException)
        throw new ProblemError('catalog.product_url_taken');
      throw err;
    }
    await this.changed();
    return result;
  }

  private async list(query: ListQuery, publicOnly: boolean): Promise<Paged<ProductRecord>> {
    const where: FilterQuery<ProductEntity>[] = [];
    if (publicOnly) where.push({ disable: 'N' });
    const q = query.q?.trim();
    if (q) {
      const like = containsPattern(q);
      where.push({
        $or: [{ title: { $ilike: like } }, { subtitle: { $ilike: like } }, { url: { $ilike: like } }],
      });
    }
    const [items, total] = await this.em().findAndCount(Product, where.length ? { $and: where } : {}, {
      orderBy: listOrder(query.sort),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items, page: query.page, pageSize: query.pageSize, total };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    products: ProductCatalog;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'products',
      new ProductCatalog(app.kit, app.knownCourses, () => app.catalogCache.invalidate()),
    );
  },
  { name: 'products', dependencies: ['catalog-cache', 'known-courses'] },
);
