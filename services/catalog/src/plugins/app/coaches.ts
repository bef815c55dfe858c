import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import {
  StaffCrud,
  assertNoProblems,
  FOR_SHARE,
  FOR_UPDATE,
  found,
  paged,
  window,
  write,
  type Paging,
  type Paged,
} from '@rian/kit/staff-crud';
import type { Kit } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { ProductPublic } from '@rian/proto-contracts/catalog';
import {
  CoachChanged,
  CoachDeleted,
  ProductCoachChanged,
  ProductCoachDeleted,
  type CoachAdminQuery,
  type CoachCreateBody,
  type CoachPublic,
  type CoachPublicQuery,
  type CoachStaff,
  type CoachUpdateBody,
  type ProductCoachCreateBody,
  type ProductCoachQuery,
  type ProductCoachStaff,
} from '@rian/proto-contracts/catalog-content';
import { Coach, type CoachEntity } from '../../entities/coach.js';
import { ProductCoach, type ProductCoachEntity } from '../../entities/product-coach.js';
import { Product } from '../../entities/product.js';
import { publicView } from '../../domain/product-views.js';
import {
  coachProblems,
  newCoachFields,
  updatedCoachFields,
  type CoachFields,
} from '../../domain/content-fields.js';
import { coachPublic, coachStaff, linkData } from '../../domain/content-views.js';
import type { CatalogCache } from './cache.js';
import { cached, referencedProduct, shopProduct, staffDeps } from './content-support.js';

const LINK_CONFLICTS = { product_coaches_unique: 'catalog.product_coach_exists' } as const;

function fieldsOf(c: CoachEntity): CoachFields {
  return {
    name: c.name,
    nickname: c.nickname ?? null,
    detail: c.detail ?? null,
    position: c.position ?? null,
    img: c.img ?? null,
    pr: c.pr ?? null,
  };
}

/** Coaches and the product–coach links: the shop's reads and the staff's writes with their events. */
export class CoachCatalog {
  private readonly crud = new StaffCrud(staffDeps(this), {
    entity: Coach,
    notFound: 'catalog.coach_not_found',
    staff: coachStaff,
    changed: CoachChanged,
    deleted: CoachDeleted,
    deletedData: (c, deletedAt) => ({ id: c.id, deletedAt }),
  });

  constructor(
    readonly kit: Kit,
    readonly cache: CatalogCache,
  ) {}

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  /** Coaches in the order staff added them; `hasProducts` keeps those with an enabled product. */
  async listPublic(q: CoachPublicQuery): Promise<Paged<CoachPublic>> {
    return cached(this, `coaches:${q.page}:${q.pageSize}:${q.hasProducts ? 1 : 0}`, () => this.loadPublic(q));
  }

  private async loadPublic(q: CoachPublicQuery): Promise<Paged<CoachPublic>> {
    const em = this.em();
    const where: FilterQuery<CoachEntity> = q.hasProducts
      ? { id: { $in: await this.coachesSelling(em) } }
      : {};
    const [rows, total] = await em.findAndCount(Coach, where, {
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      ...window(q),
    });
    return paged(rows.map(coachPublic), total, q);
  }

  async publicById(id: string): Promise<CoachPublic> {
    return cached(this, `coach:${id}`, async () =>
      coachPublic(found(await this.em().findOne(Coach, { id }), 'catalog.coach_not_found')),
    );
  }

  /** The enabled products of a coach, newest first (/productAll/{coach}). */
  async productsOfCoach(coachId: string, q: Paging): Promise<Paged<ProductPublic>> {
    return cached(this, `coach-products:${coachId}:${q.page}:${q.pageSize}`, () =>
      this.loadProductsOfCoach(coachId, q),
    );
  }

  private async loadProductsOfCoach(coachId: string, q: Paging): Promise<Paged<ProductPublic>> {
    const em = this.em();
    found(await em.findOne(Coach, { id: coachId }), 'catalog.coach_not_found');
    const links = await em.find(ProductCoach, { coachId }, { fields: ['productId'] });
    const [rows, total] = await em.findAndCount(
      Product,
      { id: { $in: links.map((l) => l.productId) }, disable: 'N' },
      { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window(q) },
    );
    return paged(rows.map(publicView), total, q);
  }

  /** The coaches of an enabled product, in the order staff linked them. */
  async coachesOfProduct(productId: string): Promise<{ items: CoachPublic[] }> {
    return cached(this, `product-coaches:${productId}`, () => this.loadCoachesOfProduct(productId));
  }

  private async loadCoachesOfProduct(productId: string): Promise<{ items: CoachPublic[] }> {
    const em = this.em();
    await shopProduct(em, productId);
    const links = await em.find(
      ProductCoach,
      { productId },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    );
    const coaches = new Map(
      (await em.find(Coach, { id: { $in: links.map((l) => l.coachId) } })).map((c) => [c.id, c]),
    );
    return {
      items: links.flatMap((l) => {
        const c = coaches.get(l.coachId);
        return c ? [coachPublic(c)] : [];
      }),
    };
  }

  async listStaff(q: CoachAdminQuery): Promise<Paged<CoachStaff>> {
    return this.crud.search(q, ['name', 'nickname', 'position']);
  }

  async staffById(id: string): Promise<CoachStaff> {
    return this.crud.byId(id);
  }

  async create(body: CoachCreateBody, createdBy: string | null): Promise<CoachStaff> {
    const fields = newCoachFields(body);
    assertNoProblems(coachProblems(fields));
    return this.crud.create(fields, createdBy);
  }

  async update(id: string, body: CoachUpdateBody): Promise<CoachStaff> {
    return this.crud.update(id, (c) => {
      const fields = updatedCoachFields(fieldsOf(c), body);
      assertNoProblems(coachProblems(fields));
      return fields;
    });
  }

  /** Deletes a coach and its product links, with a deleted event for each link and the coach. */
  async remove(id: string): Promise<void> {
    await this.crud.remove(id, {
      before: async (em, _c, deletedAt) => {
        for (const link of await em.find(ProductCoach, { coachId: id }, FOR_UPDATE)) {
          this.removeLink(em, link, deletedAt);
        }
      },
    });
  }

  // ---------- product–coach links ----------

  async listLinks(q: ProductCoachQuery): Promise<Paged<ProductCoachStaff>> {
    const em = this.em();
    const where: FilterQuery<ProductCoachEntity> = {};
    if (q.productId) where.productId = q.productId;
    if (q.coachId) where.coachId = q.coachId;
    const [rows, total] = await em.findAndCount(ProductCoach, where, {
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      ...window(q),
    });
    return paged(await this.linkViews(em, rows), total, q);
  }

  async link(body: ProductCoachCreateBody, createdBy: string | null): Promise<ProductCoachStaff> {
    return write(
      staffDeps(this),
      async (em) => {
        const coach = await em.findOne(Coach, { id: body.coachId }, FOR_SHARE);
        assertNoProblems([
          ...(await referencedProduct(em, body.productId)),
          ...(coach ? [] : [{ field: 'coachId', code: 'catalog.coach_not_found' as const }]),
        ]);
        const now = new Date();
        const link = em.create(ProductCoach, {
          id: uuidv7(),
          productId: body.productId,
          coachId: body.coachId,
          createdBy,
          createdAt: now,
          updatedAt: now,
        });
        this.kit.outbox.add(em, ProductCoachChanged, linkData(link));
        await em.flush();
        const [view] = await this.linkViews(em, [link]);
        return found(view ?? null, 'catalog.product_coach_not_found');
      },
      LINK_CONFLICTS,
    );
  }

  async unlink(id: string): Promise<void> {
    await write(staffDeps(this), async (em) => {
      const link = found(
        await em.findOne(ProductCoach, { id }, FOR_UPDATE),
        'catalog.product_coach_not_found',
      );
      this.removeLink(em, link, new Date().toISOString());
    });
  }

  private removeLink(em: EntityManager, link: ProductCoachEntity, deletedAt: string): void {
    em.remove(link);
    this.kit.outbox.add(em, ProductCoachDeleted, {
      id: link.id,
      productId: link.productId,
      coachId: link.coachId,
      deletedAt,
    });
  }

  private async linkViews(em: EntityManager, links: ProductCoachEntity[]): Promise<ProductCoachStaff[]> {
    const coaches = new Map(
      (await em.find(Coach, { id: { $in: links.map((l) => l.coachId) } })).map((c) => [c.id, c]),
    );
    const products = new Map(
      (await em.find(Product, { id: { $in: links.map((l) => l.productId) } })).map((p) => [p.id, p]),
    );
    return links.flatMap((l) => {
      const c = coaches.get(l.coachId);
      const p = products.get(l.productId);
      if (!c || !p) return [];
      return [
        {
          ...linkData(l),
          coach: coachPublic(c),
          product: { id: p.id, url: p.url, title: p.title, disable: p.disable },
        },
      ];
    });
  }

  /** Ids of coaches linked to at least one enabled product (the spec's coach ByProduct). */
  private async coachesSelling(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<{ coach_id: string }[]>(
      `select distinct pc.coach_id from product_coaches pc
         join products p on p.id = pc.product_id
        where p.disable = 'N'`,
    );
    return rows.map((r) => r.coach_id);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    coaches: CoachCatalog;
  }
}

export default fp(
  async (app) => {
    app.decorate('coaches', new CoachCatalog(app.kit, app.catalogCache));
  },
  { name: 'coaches', dependencies: ['catalog-cache'] },
);
