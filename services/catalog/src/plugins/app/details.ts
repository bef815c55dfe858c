import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  DetailListChanged,
  DetailListDeleted,
  DetailTextChanged,
  DetailTextDeleted,
  DetailTypeChanged,
  DetailTypeDeleted,
  type DetailListCreateBody,
  type DetailListPublic,
  type DetailListQuery,
  type DetailListStaff,
  type DetailListUpdateBody,
  type DetailTextCreateBody,
  type DetailTextPublic,
  type DetailTextStaff,
  type DetailTextUpdateBody,
  type DetailTypeCreateBody,
  type DetailTypePublic,
  type DetailTypeStaff,
  type DetailTypeUpdateBody,
  type ProductDetails,
} from '@rian/proto-contracts/catalog-content';
import { DetailType, type DetailTypeEntity } from '../../entities/detail-type.js';
import { DetailList, type DetailListEntity } from '../../entities/detail-list.js';
import { DetailText } from '../../entities/detail-text.js';
import { Product } from '../../entities/product.js';
import { detailTabs, type FieldProblem } from '../../domain/content-rules.js';
import {
  detailListProblems,
  detailTextProblems,
  detailTypeProblems,
  newDetailListFields,
  newDetailTextFields,
  newDetailTypeFields,
  updatedDetailListFields,
  updatedDetailTextFields,
  updatedDetailTypeFields,
  type DetailListFields,
} from '../../domain/content-fields.js';
import {
  detailListPublic,
  detailListStaff,
  detailTextPublic,
  detailTextStaff,
  detailTypePublic,
  detailTypeStaff,
} from '../../domain/content-views.js';
import type { Paged } from './products.js';
import type { CatalogCache } from './cache.js';
import {
  assertNoProblems,
  cached,
  FOR_SHARE,
  FOR_UPDATE,
  found,
  paged,
  referencedProduct,
  shopProduct,
  window,
  write,
  type Paging,
} from './content-support.js';

const TYPE_ORDER = [{ item: 'asc' }, { tabName: 'asc' }, { id: 'asc' }] as const;
const LIST_ORDER = [{ item: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] as const;
const TEXT_ORDER = [{ createdAt: 'asc' }, { id: 'asc' }] as const;
// a type deleted while a detail list is being added to it
const TYPE_CONFLICTS = { product_detail_lists_type_id_fkey: 'catalog.detail_type_in_use' } as const;

function listFieldsOf(l: DetailListEntity): DetailListFields {
  return {
    productId: l.productId,
    typeId: l.typeId,
    title: l.title,
    detail: l.detail ?? null,
    item: l.item,
    file: l.file ?? null,
    img: l.img ?? null,
  };
}

/** The product page's tabs: detail types (tab names), detail lists (their items) and detail texts. */
export class DetailCatalog {
  constructor(
    readonly kit: Kit,
    readonly cache: CatalogCache,
  ) {}

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  // ---------- the product page ----------

  /** The tabs of an enabled product that have items, each with its items, all in order: one call. */
  async productDetails(productId: string): Promise<ProductDetails> {
    return cached(this, `product-details:${productId}`, () => this.loadProductDetails(productId));
  }

  private async loadProductDetails(productId: string): Promise<ProductDetails> {
    const em = this.em();
    await shopProduct(em, productId);
    const lists = await em.find(DetailList, { productId }, { orderBy: [...LIST_ORDER] });
    const types = await em.find(DetailType, { id: { $in: [...new Set(lists.map((l) => l.typeId))] } });
    return { productId, tabs: detailTabs(types, lists.map(detailListPublic)) };
  }

  // ---------- detail types ----------

  async listTypes(q: Paging): Promise<Paged<DetailTypePublic>> {
    return cached(this, `detail-types:${q.page}:${q.pageSize}`, async () => {
      const page = await this.typesPage(q);
      return { ...page, items: page.items.map(detailTypePublic) };
    });
  }

  async listTypesStaff(q: Paging): Promise<Paged<DetailTypeStaff>> {
    const page = await this.typesPage(q);
    return { ...page, items: page.items.map(detailTypeStaff) };
  }

  async typeById(id: string): Promise<DetailTypeStaff> {
    return detailTypeStaff(
      found(await this.em().findOne(DetailType, { id }), 'catalog.detail_type_not_found'),
    );
  }

  async createType(body: DetailTypeCreateBody, createdBy: string | null): Promise<DetailTypeStaff> {
    const fields = newDetailTypeFields(body);
    assertNoProblems(detailTypeProblems(fields));
    const row = await write(this, async (em) => {
      const now = new Date();
      const t = em.create(DetailType, { id: uuidv7(), ...fields, createdBy, createdAt: now, updatedAt: now });
      this.kit.outbox.add(em, DetailTypeChanged, detailTypeStaff(t));
      return t;
    });
    return detailTypeStaff(row);
  }

  async updateType(id: string, body: DetailTypeUpdateBody): Promise<DetailTypeStaff> {
    const row = await write(this, async (em) => {
      const t = found(await em.findOne(DetailType, { id }, FOR_UPDATE), 'catalog.detail_type_not_found');
      const fields = updatedDetailTypeFields({ tabName: t.tabName, item: t.item }, body);
      assertNoProblems(detailTypeProblems(fields));
      em.assign(t, { ...fields, updatedAt: new Date() });
      this.kit.outbox.add(em, DetailTypeChanged, detailTypeStaff(t));
      return t;
    });
    return detailTypeStaff(row);
  }

  /** A tab still holding detail lists stays (409): deleting it would empty those product pages' tabs. */
  async removeType(id: string): Promise<void> {
    await write(
      this,
      async (em) => {
        const t = found(await em.findOne(DetailType, { id }, FOR_UPDATE), 'catalog.detail_type_not_found');
        if ((await em.count(DetailList, { typeId: id })) > 0)
          throw new ProblemError('catalog.detail_type_in_use');
        em.remove(t);
        this.kit.outbox.add(em, DetailTypeDeleted, { id, deletedAt: new Date().toISOString() });
      },
      TYPE_CONFLICTS,
    );
  }

  // ---------- detail lists ----------

  /** Items of enabled products only (spec productDetailList ByProductId / ByProductDetailTypeId). */
  async listLists(q: DetailListQuery): Promise<Paged<DetailListPublic>> {
    const key = `detail-lists:${q.productId ?? '*'}:${q.typeId ?? '*'}:${q.page}:${q.pageSize}`;
    return cached(this, key, async () => {
      const page = await this.listsPage(q, true);
      return { ...page, items: page.items.map(detailListPublic) };
    });
  }

  async listListsStaff(q: DetailListQuery): Promise<Paged<DetailListStaff>> {
    const page = await this.listsPage(q, false);
    return { ...page, items: page.items.map(detailListStaff) };
  }

  async listById(id: string): Promise<DetailListStaff> {
    return detailListStaff(
      found(await this.em().findOne(DetailList, { id }), 'catalog.detail_list_not_found'),
    );
  }

  async createList(body: DetailListCreateBody, createdBy: string | null): Promise<DetailListStaff> {
    const fields = newDetailListFields(body);
    assertNoProblems(detailListProblems(fields));
    const row = await write(
      this,
      async (em) => {
        assertNoProblems(await this.referenceProblems(em, fields));
        const now = new Date();
        const l = em.create(DetailList, {
          id: uuidv7(),
          ...fields,
          createdBy,
          createdAt: now,
          updatedAt: now,
        });
        this.kit.outbox.add(em, DetailListChanged, detailListStaff(l));
        return l;
      },
      TYPE_CONFLICTS,
    );
    return detailListStaff(row);
  }

  async updateList(id: string, body: DetailListUpdateBody): Promise<DetailListStaff> {
    const row = await write(
      this,
      async (em) => {
        const l = found(await em.findOne(DetailList, { id }, FOR_UPDATE), 'catalog.detail_list_not_found');
        const current = listFieldsOf(l);
        const fields = updatedDetailListFields(current, body);
        assertNoProblems([
          ...detailListProblems(fields),
          ...(await this.referenceProblems(em, fields, current)),
        ]);
        em.assign(l, { ...fields, updatedAt: new Date() });
        this.kit.outbox.add(em, DetailListChanged, detailListStaff(l));
        return l;
      },
      TYPE_CONFLICTS,
    );
    return detailListStaff(row);
  }

  async removeList(id: string): Promise<void> {
    await write(this, async (em) => {
      const l = found(await em.findOne(DetailList, { id }, FOR_UPDATE), 'catalog.detail_list_not_found');
      em.remove(l);
      this.kit.outbox.add(em, DetailListDeleted, {
        id,
        productId: l.productId,
        typeId: l.typeId,
        deletedAt: new Date().toISOString(),
      });
    });
  }

  // ---------- detail texts ----------

  async listTexts(q: Paging): Promise<Paged<DetailTextPublic>> {
    return cached(this, `detail-texts:${q.page}:${q.pageSize}`, async () => {
      const [rows, total] = await this.em().findAndCount(
        DetailText,
        {},
        { orderBy: [...TEXT_ORDER], ...window(q) },
      );
      return paged(rows.map(detailTextPublic), total, q);
    });
  }

  async listTextsStaff(q: Paging): Promise<Paged<DetailTextStaff>> {
    const [rows, total] = await this.em().findAndCount(
      DetailText,
      {},
      { orderBy: [...TEXT_ORDER], ...window(q) },
    );
    return paged(rows.map(detailTextStaff), total, q);
  }

  async textById(id: string): Promise<DetailTextStaff> {
    return detailTextStaff(
      found(await this.em().findOne(DetailText, { id }), 'catalog.detail_text_not_found'),
    );
  }

  async createText(body: DetailTextCreateBody, createdBy: string | null): Promise<DetailTextStaff> {
    const fields = newDetailTextFields(body);
    assertNoProblems(detailTextProblems(fields));
    const row = await write(this, async (em) => {
      const now = new Date();
      const t = em.create(DetailText, { id: uuidv7(), ...fields, createdBy, createdAt: now, updatedAt: now });
      this.kit.outbox.add(em, DetailTextChanged, detailTextStaff(t));
      return t;
    });
    return detailTextStaff(row);
  }

  async updateText(id: string, body: DetailTextUpdateBody): Promise<DetailTextStaff> {
    const row = await write(this, async (em) => {
      const t = found(await em.findOne(DetailText, { id }, FOR_UPDATE), 'catalog.detail_text_not_found');
      const fields = updatedDetailTextFields({ text: t.text }, body);
      assertNoProblems(detailTextProblems(fields));
      em.assign(t, { ...fields, updatedAt: new Date() });
      this.kit.outbox.add(em, DetailTextChanged, detailTextStaff(t));
      return t;
    });
    return detailTextStaff(row);
  }

  async removeText(id: string): Promise<void> {
    await write(this, async (em) => {
      const t = found(await em.findOne(DetailText, { id }, FOR_UPDATE), 'catalog.detail_text_not_found');
      em.remove(t);
      this.kit.outbox.add(em, DetailTextDeleted, { id, deletedAt: new Date().toISOString() });
    });
  }

  // ---------- helpers ----------

  private async typesPage(q: Paging): Promise<Paged<DetailTypeEntity>> {
    const [rows, total] = await this.em().findAndCount(
      DetailType,
      {},
      { orderBy: [...TYPE_ORDER], ...window(q) },
    );
    return paged(rows, total, q);
  }

  private async listsPage(q: DetailListQuery, enabledOnly: boolean): Promise<Paged<DetailListEntity>> {
    const em = this.em();
    const where: FilterQuery<DetailListEntity> = {};
    if (q.productId) where.productId = q.productId;
    if (q.typeId) where.typeId = q.typeId;
    const qb = em.createQueryBuilder(DetailList, 'l').where(where);
    if (enabledOnly) {
      const enabled = em.createQueryBuilder(Product, 'p').select('p.id').where({ disable: 'N' });
      qb.andWhere({ productId: { $in: enabled.getKnexQuery() } });
    }
    qb.orderBy([...LIST_ORDER])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [rows, total] = await qb.getResultAndCount();
    return paged(rows, total, q);
  }

  /** The product and the type a detail list points at must exist (checked only when they change). */
  private async referenceProblems(
    em: EntityManager,
    f: DetailListFields,
    current?: DetailListFields,
  ): Promise<FieldProblem[]> {
    const problems: FieldProblem[] = [];
    if (f.productId !== current?.productId) problems.push(...(await referencedProduct(em, f.productId)));
    if (f.typeId !== current?.typeId && !(await em.findOne(DetailType, { id: f.typeId }, FOR_SHARE))) {
      problems.push({ field: 'typeId', code: 'catalog.detail_type_not_found' });
    }
    return problems;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    details: DetailCatalog;
  }
}

export default fp(
  async (app) => {
    app.decorate('details', new DetailCatalog(app.kit, app.catalogCache));
  },
  { name: 'details', dependencies: ['catalog-cache'] },
);
