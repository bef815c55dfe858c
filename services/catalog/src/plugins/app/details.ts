import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import {
  StaffCrud,
  assertNoProblems,
  FOR_SHARE,
  paged,
  window,
  type Paging,
  type Paged,
} from '@rian/kit/staff-crud';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
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
import { detailTabs } from '../../domain/content-rules.js';
import type { FieldProblem } from '../../domain/field-rules.js';
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
import type { CatalogCache } from './cache.js';
import { cached, referencedProduct, shopProduct, staffDeps } from './content-support.js';

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
  private readonly types = new StaffCrud(staffDeps(this), {
    entity: DetailType,
    notFound: 'catalog.detail_type_not_found',
    staff: detailTypeStaff,
    changed: DetailTypeChanged,
    deleted: DetailTypeDeleted,
    deletedData: (t, deletedAt) => ({ id: t.id, deletedAt }),
  });

  private readonly lists = new StaffCrud(staffDeps(this), {
    entity: DetailList,
    notFound: 'catalog.detail_list_not_found',
    staff: detailListStaff,
    changed: DetailListChanged,
    deleted: DetailListDeleted,
    deletedData: (l, deletedAt) => ({ id: l.id, productId: l.productId, typeId: l.typeId, deletedAt }),
  });

  private readonly texts = new StaffCrud(staffDeps(this), {
    entity: DetailText,
    notFound: 'catalog.detail_text_not_found',
    staff: detailTextStaff,
    changed: DetailTextChanged,
    deleted: DetailTextDeleted,
    deletedData: (t, deletedAt) => ({ id: t.id, deletedAt }),
  });

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
    return this.types.byId(id);
  }

  async createType(body: DetailTypeCreateBody, createdBy: string | null): Promise<DetailTypeStaff> {
    const fields = newDetailTypeFields(body);
    assertNoProblems(detailTypeProblems(fields));
    return this.types.create(fields, createdBy);
  }

  async updateType(id: string, body: DetailTypeUpdateBody): Promise<DetailTypeStaff> {
    return this.types.update(id, (t) => {
      const fields = updatedDetailTypeFields({ tabName: t.tabName, item: t.item }, body);
      assertNoProblems(detailTypeProblems(fields));
      return fields;
    });
  }

  /** A tab still holding detail lists stays (409): deleting it would empty those product pages' tabs. */
  async removeType(id: string): Promise<void> {
    await this.types.remove(id, {
      before: async (em) => {
        if ((await em.count(DetailList, { typeId: id })) > 0)
          throw new ProblemError('catalog.detail_type_in_use');
      },
      conflicts: TYPE_CONFLICTS,
    });
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
    return this.lists.byId(id);
  }

  async createList(body: DetailListCreateBody, createdBy: string | null): Promise<DetailListStaff> {
    const fields = newDetailListFields(body);
    assertNoProblems(detailListProblems(fields));
    return this.lists.create(fields, createdBy, {
      check: async (em) => assertNoProblems(await this.referenceProblems(em, fields)),
      conflicts: TYPE_CONFLICTS,
    });
  }

  async updateList(id: string, body: DetailListUpdateBody): Promise<DetailListStaff> {
    return this.lists.update(
      id,
      async (l, em) => {
        const current = listFieldsOf(l);
        const fields = updatedDetailListFields(current, body);
        assertNoProblems([
          ...detailListProblems(fields),
          ...(await this.referenceProblems(em, fields, current)),
        ]);
        return fields;
      },
      { conflicts: TYPE_CONFLICTS },
    );
  }

  async removeList(id: string): Promise<void> {
    await this.lists.remove(id);
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
    return this.texts.byId(id);
  }

  async createText(body: DetailTextCreateBody, createdBy: string | null): Promise<DetailTextStaff> {
    const fields = newDetailTextFields(body);
    assertNoProblems(detailTextProblems(fields));
    return this.texts.create(fields, createdBy);
  }

  async updateText(id: string, body: DetailTextUpdateBody): Promise<DetailTextStaff> {
    return this.texts.update(id, (t) => {
      const fields = updatedDetailTextFields({ text: t.text }, body);
      assertNoProblems(detailTextProblems(fields));
      return fields;
    });
  }

  async removeText(id: string): Promise<void> {
    await this.texts.remove(id);
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
