import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  ProductGroupChanged,
  ProductGroupDeleted,
  type ProductGroupCreateBody,
  type ProductGroupQuery,
  type ProductGroupStaff,
  type ProductGroupUpdateBody,
} from '@rian/proto-contracts/catalog-content';
import { ProductGroup, type ProductGroupEntity } from '../../entities/product-group.js';
import { patched } from '../../domain/content-rules.js';
import { productGroupStaff } from '../../domain/content-views.js';
import type { Paged } from './products.js';
import type { CatalogCache } from './cache.js';
import {
  anyProduct,
  assertNoProblems,
  FOR_UPDATE,
  found,
  paged,
  referencedProduct,
  window,
  write,
} from './content-support.js';

const CONFLICTS = { product_groups_unique: 'catalog.product_group_exists' } as const;
const ORDER = [{ createdAt: 'asc' }, { id: 'asc' }] as const;

/**
 * Product groups: which member groups (Facebook / Line, owned by learning) a product's buyers join.
 * Staff only; learning and orders learn of them from the events.
 */
export class GroupCatalog {
  constructor(
    readonly kit: Kit,
    readonly cache: CatalogCache,
  ) {}

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  async list(q: ProductGroupQuery): Promise<Paged<ProductGroupStaff>> {
    const where: FilterQuery<ProductGroupEntity> = {};
    if (q.productId) where.productId = q.productId;
    if (q.memberGroupId) where.memberGroupId = q.memberGroupId;
    const [rows, total] = await this.em().findAndCount(ProductGroup, where, {
      orderBy: [...ORDER],
      ...window(q),
    });
    return paged(rows.map(productGroupStaff), total, q);
  }

  /** The groups of a product, disabled products too (spec productGroup ByProductId). */
  async ofProduct(productId: string): Promise<{ items: ProductGroupStaff[] }> {
    const em = this.em();
    await anyProduct(em, productId);
    const rows = await em.find(ProductGroup, { productId }, { orderBy: [...ORDER] });
    return { items: rows.map(productGroupStaff) };
  }

  async byId(id: string): Promise<ProductGroupStaff> {
    return productGroupStaff(
      found(await this.em().findOne(ProductGroup, { id }), 'catalog.product_group_not_found'),
    );
  }

  async create(body: ProductGroupCreateBody, createdBy: string | null): Promise<ProductGroupStaff> {
    const row = await write(
      this,
      async (em) => {
        assertNoProblems(await referencedProduct(em, body.productId));
        const now = new Date();
        const g = em.create(ProductGroup, {
          id: uuidv7(),
          productId: body.productId,
          memberGroupId: body.memberGroupId,
          createdBy,
          createdAt: now,
          updatedAt: now,
        });
        this.kit.outbox.add(em, ProductGroupChanged, productGroupStaff(g));
        return g;
      },
      CONFLICTS,
    );
    return productGroupStaff(row);
  }

  async update(id: string, body: ProductGroupUpdateBody): Promise<ProductGroupStaff> {
    const row = await write(
      this,
      async (em) => {
        const g = found(
          await em.findOne(ProductGroup, { id }, FOR_UPDATE),
          'catalog.product_group_not_found',
        );
        const fields = patched({ productId: g.productId, memberGroupId: g.memberGroupId }, body);
        if (fields.productId !== g.productId) assertNoProblems(await referencedProduct(em, fields.productId));
        em.assign(g, { ...fields, updatedAt: new Date() });
        this.kit.outbox.add(em, ProductGroupChanged, productGroupStaff(g));
        return g;
      },
      CONFLICTS,
    );
    return productGroupStaff(row);
  }

  async remove(id: string): Promise<void> {
    await write(this, async (em) => {
      const g = found(await em.findOne(ProductGroup, { id }, FOR_UPDATE), 'catalog.product_group_not_found');
      em.remove(g);
      this.kit.outbox.add(em, ProductGroupDeleted, {
        id,
        productId: g.productId,
        memberGroupId: g.memberGroupId,
        deletedAt: new Date().toISOString(),
      });
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    groups: GroupCatalog;
  }
}

export default fp(
  async (app) => {
    app.decorate('groups', new GroupCatalog(app.kit, app.catalogCache));
  },
  { name: 'groups', dependencies: ['catalog-cache'] },
);
