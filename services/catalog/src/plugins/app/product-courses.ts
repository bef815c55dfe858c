import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { FOR_UPDATE, found, write } from '@rian/kit/staff-crud';
import type { Kit } from '@rian/kit/service';
import { fieldError, validationProblem } from '@rian/kit/errors';
import {
  MAX_COURSES_PER_PRODUCT,
  ProductCoursesChanged,
  type ProductCourses,
} from '@rian/proto-contracts/catalog-commerce';
import { Product } from '../../entities/product.js';
import { ProductCourseList } from '../../entities/product-course-list.js';
import { courseListChangedData, courseListView } from '../../domain/commerce-views.js';
import type { KnownCourses } from './known-courses.js';

/** The same course twice would enrol twice: keep the first mention, in the order given. */
function distinct(courseIds: readonly string[]): string[] {
  return [...new Set(courseIds)];
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The courses each product grants (spec "Package product"): staff edit the list, and every change
 * emits the whole list (`catalog.product-courses.changed`) for orders and learning to enrol from.
 * Not part of any public read, so nothing to invalidate.
 */
export class ProductCourseCatalog {
  constructor(
    private readonly kit: Kit,
    private readonly known: KnownCourses,
  ) {}

  async get(productId: string): Promise<ProductCourses> {
    const em = this.kit.orm.em.fork();
    found(await em.findOne(Product, { id: productId }, { fields: ['id'] }), 'catalog.product_not_found');
    return courseListView(productId, await em.findOne(ProductCourseList, { productId }));
  }

  replace(productId: string, courseIds: readonly string[], by: string | null): Promise<ProductCourses> {
    return this.change(productId, by, 'courseIds', () => distinct(courseIds));
  }

  add(productId: string, courseId: string, by: string | null): Promise<ProductCourses> {
    return this.change(productId, by, 'courseId', (current) => distinct([...current, courseId]));
  }

  remove(productId: string, courseId: string, by: string | null): Promise<ProductCourses> {
    return this.change(productId, by, 'courseId', (current) => current.filter((id) => id !== courseId));
  }

  /**
   * Sets the list inside the caller's transaction (a product just made from a package). Returns the
   * stored list; an unchanged list writes nothing and emits nothing. Every id the list did not have
   * must be a course learning has (catalog's read model), else 422 `catalog.course_unknown` on
   * `field`; ids already on the list stay as they are (a course deleted since, or an id from before
   * the check, must not keep staff from editing the rest). `trusted` skips that check for the demo
   * seed alone: it links learning's fixed demo ids before their events can have reached catalog.
   */
  async setIn(
    em: EntityManager,
    productId: string,
    courseIds: readonly string[],
    by: string | null,
    { field = 'courseIds', trusted = false }: { field?: string; trusted?: boolean } = {},
  ): Promise<ProductCourses> {
    const list = await em.findOne(ProductCourseList, { productId });
    const had = new Set(list?.courseIds ?? []);
    const fresh = courseIds.filter((id) => !had.has(id));
    const added = trusted ? fresh : await this.known.check(em, fresh, field);
    const spelled = new Map(courseIds.filter((id) => !had.has(id)).map((id, i) => [id, added[i] ?? id]));
    const next = distinct(courseIds.map((id) => spelled.get(id) ?? id));
    if (next.length > MAX_COURSES_PER_PRODUCT) {
      throw validationProblem([fieldError('courseIds', 'validation.too_long')]);
    }
    if (sameList(list?.courseIds ?? [], next)) return courseListView(productId, list);
    const now = new Date();
    const row =
      list ??
      em.create(ProductCourseList, { productId, courseIds: [], revision: 0, updatedBy: by, updatedAt: now });
    em.assign(row, { courseIds: next, revision: row.revision + 1, updatedBy: by, updatedAt: now });
    this.kit.outbox.add(em, ProductCoursesChanged, courseListChangedData(row));
    return courseListView(productId, row);
  }

  /** Changes under the product's row lock, so concurrent edits of one list apply one after the other. */
  private change(
    productId: string,
    by: string | null,
    field: string,
    next: (current: string[]) => string[],
  ): Promise<ProductCourses> {
    return write({ kit: this.kit }, async (em) => {
      found(await em.findOne(Product, { id: productId }, FOR_UPDATE), 'catalog.product_not_found');
      const current = (await em.findOne(ProductCourseList, { productId }))?.courseIds ?? [];
      return this.setIn(em, productId, next(current), by, { field });
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    productCourses: ProductCourseCatalog;
  }
}

export default fp(
  async (app) => {
    app.decorate('productCourses', new ProductCourseCatalog(app.kit, app.knownCourses));
  },
  { name: 'product-courses', dependencies: ['known-courses'] },
);
