import fp from 'fastify-plugin';
import { listOrder } from '../../domain/list-order.js';
import type { ProductSort } from '@rian/proto-contracts/catalog';
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
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  PackageChanged,
  PackageDeleted,
  type PackageCreateBody,
  type PackageCreateProductBody,
  type PackageCreateProductResult,
  type PackagePublic,
  type PackageStaff,
  type PackageUpdateBody,
} from '@rian/proto-contracts/catalog-commerce';
import { Package, type PackageEntity } from '../../entities/package.js';
import { productFieldProblems } from '../../domain/product-rules.js';
import { staffView } from '../../domain/product-views.js';
import {
  newPackageFields,
  packageFieldProblems,
  productFromPackage,
  updatedPackageFields,
} from '../../domain/package-rules.js';
import {
  packageChangedData,
  packagePublicView,
  packageStaffView,
  storedPackageFields,
} from '../../domain/commerce-views.js';
import type { CatalogCache } from './cache.js';
import type { ProductCatalog } from './products.js';
import type { ProductCourseCatalog } from './product-courses.js';
import { assertNoProblems } from './commerce-support.js';

const CONFLICTS = {
  packages_url_unique: 'catalog.package_url_taken',
  products_url_unique: 'catalog.product_url_taken',
} as const;

/**
 * Packages (spec 02 §3): the shop lists the enabled ones, staff manage them and turn one into a
 * sellable product ("CreatePackages"). Every change emits `catalog.package.changed` (or `.deleted`).
 */
export class PackageCatalog {
  constructor(
    private readonly kit: Kit,
    private readonly cache: CatalogCache,
    private readonly products: ProductCatalog,
    private readonly courses: ProductCourseCatalog,
  ) {}

  async listPublic(q: Paging & { q?: string }): Promise<Paged<PackagePublic>> {
    const page = await this.list(q, true);
    return { ...page, items: page.items.map(packagePublicView) };
  }

  async listStaff(q: Paging & { q?: string }): Promise<Paged<PackageStaff>> {
    const page = await this.list(q, false);
    return { ...page, items: page.items.map(packageStaffView) };
  }

  async publicById(id: string): Promise<PackagePublic> {
    const p = await this.kit.orm.em.fork().findOne(Package, { id, disable: 'N' });
    return packagePublicView(found(p, 'catalog.package_not_found'));
  }

  async staffById(id: string): Promise<PackageStaff> {
    const p = await this.kit.orm.em.fork().findOne(Package, { id });
    return packageStaffView(found(p, 'catalog.package_not_found'));
  }

  async create(body: PackageCreateBody, by: string | null): Promise<PackageStaff> {
    const fields = newPackageFields(body);
    assertNoProblems(packageFieldProblems(fields));
    const pkg = await this.write(async (em) => {
      const now = new Date();
      const p = em.create(Package, {
        id: uuidv7(),
        ...fields,
        revision: 1,
        createdBy: by,
        createdAt: now,
        updatedAt: now,
      });
      this.kit.outbox.add(em, PackageChanged, packageChangedData(p));
      return p;
    });
    return packageStaffView(pkg);
  }

  async update(id: string, body: PackageUpdateBody): Promise<PackageStaff> {
    const pkg = await this.write(async (em) => {
      const p = found(await em.findOne(Package, { id }, FOR_UPDATE), 'catalog.package_not_found');
      const fields = updatedPackageFields(storedPackageFields(p), body);
      assertNoProblems(packageFieldProblems(fields));
      em.assign(p, { ...fields, revision: p.revision + 1, updatedAt: new Date() });
      this.kit.outbox.add(em, PackageChanged, packageChangedData(p));
      return p;
    });
    return packageStaffView(pkg);
  }

  /** Deletes the package; products already made from it stay (they are products of their own). */
  async remove(id: string): Promise<void> {
    await this.write(async (em) => {
      const p = found(await em.findOne(Package, { id }, FOR_UPDATE), 'catalog.package_not_found');
      em.remove(p);
      this.kit.outbox.add(em, PackageDeleted, {
        packageId: p.id,
        url: p.url,
        deletedAt: new Date().toISOString(),
      });
    });
  }

  /**
   * Spec 02 §7 "CreatePackages": a new product copied from the package (see productFromPackage) at
   * `body.url` (default: the package's url), granting `body.courseIds` — one transaction, with
   * `catalog.product.changed` and, when courses are given, `catalog.product-courses.changed`.
   */
  async createProduct(
    id: string,
    body: PackageCreateProductBody,
    by: string | null,
  ): Promise<PackageCreateProductResult> {
    return this.write(async (em) => {
      const pkg = found(await em.findOne(Package, { id }, FOR_SHARE), 'catalog.package_not_found');
      const fields = productFromPackage(storedPackageFields(pkg), body.url ?? pkg.url);
      assertNoProblems(productFieldProblems(fields));
      const product = this.products.insert(em, fields, by);
      // the product must exist in the database before its course list points at it
      await em.flush();
      const courses = await this.courses.setIn(em, product.id, body.courseIds ?? [], by);
      return { product: staffView(product), courses };
    });
  }

  private write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return write({ kit: this.kit, afterCommit: () => this.cache.invalidate() }, work, CONFLICTS);
  }

  private async list(
    q: Paging & { q?: string; sort?: ProductSort },
    publicOnly: boolean,
  ): Promise<Paged<PackageEntity>> {
    const where: FilterQuery<PackageEntity>[] = [];
    if (publicOnly) where.push({ disable: 'N' });
    const text = q.q?.trim();
    if (text) {
      const like = containsPattern(text);
      where.push({
        $or: [{ title: { $ilike: like } }, { subtitle: { $ilike: like } }, { url: { $ilike: like } }],
      });
    }
    const [items, total] = await this.kit.orm.em
      .fork()
      .findAndCount(Package, where.length ? { $and: where } : {}, {
        orderBy: listOrder(q.sort),
        ...window(q),
      });
    return { items, page: q.page, pageSize: q.pageSize, total };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    packages: PackageCatalog;
  }
}

export default fp(
  async (app) => {
    app.decorate('packages', new PackageCatalog(app.kit, app.catalogCache, app.products, app.productCourses));
  },
  { name: 'packages', dependencies: ['catalog-cache', 'products', 'product-courses'] },
);
