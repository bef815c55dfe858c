import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import { fieldError, ProblemError } from '@rian/kit/errors';
import { StaffCrud, assertNoProblems, paged, window, type Paged } from '@rian/kit/staff-crud';
import type { Kit } from '@rian/kit/service';
import {
  ProductGroupChanged,
  ProductGroupDeleted,
  type ProductGroupCreateBody,
  type ProductGroupQuery,
  type ProductGroupStaff,
  type ProductGroupUpdateBody,
} from '@rian/proto-contracts/catalog-content';
import { ProductGroup, type ProductGroupEntity } from '../../entities/product-group.js';
import { patched } from '../../domain/field-rules.js';
import { productGroupStaff } from '../../domain/content-views.js';
import type { CatalogCache } from './cache.js';
import { anyProduct, referencedProduct, staffDeps } from './content-support.js';

/**
 * Issue 16: a member group learning has (catalog's read model of `learning.member-group.*`), else
 * 422 `catalog.member_group_unknown` on memberGroupId and nothing is written (as course ids, D42).
 */
async function knownGroup(em: EntityManager, memberGroupId: string): Promise<void> {
  const rows = (await em.execute(
    `select 1 from learning_groups where member_group_id = ? and deleted_at is null`,
    [memberGroupId],
  )) as unknown[];
  if (!rows.length) {
    throw new ProblemError('catalog.member_group_unknown', {
      errors: [fieldError('memberGroupId', 'catalog.member_group_unknown')],
    });
  }
}

const CONFLICTS = { product_groups_unique: 'catalog.product_group_exists' } as const;
const ORDER = [{ createdAt: 'asc' }, { id: 'asc' }] as const;

/**
 * Product groups: which member groups (Facebook / Line, owned by learning) a product's buyers join.
 * Staff only; learning and orders learn of them from the events. The member group must be one
 * learning announced (issue 16).
 */
export class GroupCatalog {
  private readonly crud = new StaffCrud(staffDeps(this), {
    entity: ProductGroup,
    notFound: 'catalog.product_group_not_found',
    staff: productGroupStaff,
    changed: ProductGroupChanged,
    deleted: ProductGroupDeleted,
    deletedData: (g, deletedAt) => ({
      id: g.id,
      productId: g.productId,
      memberGroupId: g.memberGroupId,
      deletedAt,
    }),
  });

  constructor(
    readonly kit: Kit,
    readonly cache: CatalogCache,
  ) {}

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  async listStaff(q: ProductGroupQuery): Promise<Paged<ProductGroupStaff>> {
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

  async staffById(id: string): Promise<ProductGroupStaff> {
    return this.crud.byId(id);
  }

  async create(body: ProductGroupCreateBody, createdBy: string | null): Promise<ProductGroupStaff> {
    return this.crud.create({ productId: body.productId, memberGroupId: body.memberGroupId }, createdBy, {
      check: async (em) => {
        assertNoProblems(await referencedProduct(em, body.productId));
        await knownGroup(em, body.memberGroupId);
      },
      conflicts: CONFLICTS,
    });
  }

  async update(id: string, body: ProductGroupUpdateBody): Promise<ProductGroupStaff> {
    return this.crud.update(
      id,
      async (g, em) => {
        const fields = patched({ productId: g.productId, memberGroupId: g.memberGroupId }, body);
        if (fields.productId !== g.productId) assertNoProblems(await referencedProduct(em, fields.productId));
        // only a group the row did not have is checked: a since-deleted one never blocks editing
        if (fields.memberGroupId !== g.memberGroupId) await knownGroup(em, fields.memberGroupId);
        return fields;
      },
      { conflicts: CONFLICTS },
    );
  }

  async remove(id: string): Promise<void> {
    await this.crud.remove(id);
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
