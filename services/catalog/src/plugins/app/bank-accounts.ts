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
import {
  BankAccountChanged,
  BankAccountDeleted,
  BankLimitChanged,
  BankLimitDeleted,
  type BankAccountAdminQuery,
  type BankAccountCreateBody,
  type BankAccountPublic,
  type BankAccountStaff,
  type BankAccountUpdateBody,
  type BankLimitCreateBody,
  type BankLimitQuery,
  type BankLimitStaff,
  type BankLimitUpdateBody,
  type ProductBankAccounts,
} from '@rian/proto-contracts/catalog-content';
import { BankAccount, type BankAccountEntity } from '../../entities/bank-account.js';
import { ProductBankLimit, type ProductBankLimitEntity } from '../../entities/product-bank-limit.js';
import { accountsForBuyer } from '../../domain/content-rules.js';
import {
  bankAccountProblems,
  newBankAccountFields,
  newBankLimitFields,
  updatedBankAccountFields,
  updatedBankLimitFields,
  type BankAccountFields,
} from '../../domain/content-fields.js';
import { bankAccountPublic, bankAccountStaff, bankLimitData } from '../../domain/content-views.js';
import type { CatalogCache } from './cache.js';
import { cached, referencedProduct, shopProduct, staffDeps } from './content-support.js';

const LIMIT_CONFLICTS = { product_bank_limits_unique: 'catalog.bank_limit_exists' } as const;
// the order staff entered the accounts in: the first is the one the shop shows first
const ACCOUNT_ORDER = [{ createdAt: 'asc' }, { id: 'asc' }] as const;

function fieldsOf(a: BankAccountEntity): BankAccountFields {
  return {
    bankName: a.bankName,
    accountName: a.accountName ?? null,
    account: a.account,
    type: a.type ?? null,
    image: a.image ?? null,
    max: a.max ?? null,
    icon: a.icon ?? null,
    disable: a.disable,
  };
}

function validBankAccount(body: BankAccountCreateBody): BankAccountFields {
  const fields = newBankAccountFields(body);
  assertNoProblems(bankAccountProblems(fields));
  return fields;
}

/** Bank accounts buyers transfer to, and the per-product limits that choose among them. */
export class BankAccountCatalog {
  private readonly crud = new StaffCrud(staffDeps(this), {
    entity: BankAccount,
    notFound: 'catalog.bank_account_not_found',
    staff: bankAccountStaff,
    changed: BankAccountChanged,
    deleted: BankAccountDeleted,
    deletedData: (a, deletedAt) => ({ id: a.id, deletedAt }),
  });

  constructor(
    readonly kit: Kit,
    readonly cache: CatalogCache,
  ) {}

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  /** Enabled accounts, in the order staff entered them. */
  async listPublic(q: Paging): Promise<Paged<BankAccountPublic>> {
    return cached(this, `bank-accounts:${q.page}:${q.pageSize}`, async () => {
      const [rows, total] = await this.em().findAndCount(
        BankAccount,
        { disable: 'N' },
        { orderBy: [...ACCOUNT_ORDER], ...window(q) },
      );
      return paged(rows.map(bankAccountPublic), total, q);
    });
  }

  /** Where a buyer of an enabled product may transfer (rule: domain/content-rules.ts accountsForBuyer). */
  async forProduct(productId: string): Promise<ProductBankAccounts> {
    return cached(this, `product-bank-accounts:${productId}`, () => this.loadForProduct(productId));
  }

  private async loadForProduct(productId: string): Promise<ProductBankAccounts> {
    const em = this.em();
    await shopProduct(em, productId);
    const accounts = await em.find(BankAccount, { disable: 'N' }, { orderBy: [...ACCOUNT_ORDER] });
    const limits = await em.find(ProductBankLimit, { productId });
    const chosen = accountsForBuyer(accounts, limits);
    return { productId, source: chosen.source, items: chosen.items.map(bankAccountPublic) };
  }

  async listStaff(q: BankAccountAdminQuery): Promise<Paged<BankAccountStaff>> {
    return this.crud.search(q, ['bankName', 'accountName', 'account']);
  }

  async staffById(id: string): Promise<BankAccountStaff> {
    return this.crud.byId(id);
  }

  async create(body: BankAccountCreateBody, createdBy: string | null): Promise<BankAccountStaff> {
    return this.crud.create(validBankAccount(body), createdBy);
  }

  /** A new account and its event in `em`'s unit of work (the demo seed). */
  insert(em: EntityManager, body: BankAccountCreateBody, createdBy: string | null): BankAccountEntity {
    return this.crud.insert(em, validBankAccount(body), createdBy);
  }

  async update(id: string, body: BankAccountUpdateBody): Promise<BankAccountStaff> {
    return this.crud.update(id, (a) => {
      const fields = updatedBankAccountFields(fieldsOf(a), body);
      assertNoProblems(bankAccountProblems(fields));
      return fields;
    });
  }

  /** Deletes an account and its product limits, with a deleted event for each. */
  async remove(id: string): Promise<void> {
    await this.crud.remove(id, {
      before: async (em, _a, deletedAt) => {
        for (const limit of await em.find(ProductBankLimit, { bankAccountId: id }, FOR_UPDATE)) {
          this.removeLimitRow(em, limit, deletedAt);
        }
      },
    });
  }

  // ---------- per-product limits ----------

  async listLimits(q: BankLimitQuery): Promise<Paged<BankLimitStaff>> {
    const em = this.em();
    const where: FilterQuery<ProductBankLimitEntity> = {};
    if (q.productId) where.productId = q.productId;
    if (q.bankAccountId) where.bankAccountId = q.bankAccountId;
    const [rows, total] = await em.findAndCount(ProductBankLimit, where, {
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      ...window(q),
    });
    return paged(await this.limitViews(em, rows), total, q);
  }

  async limitById(id: string): Promise<BankLimitStaff> {
    const em = this.em();
    const limit = found(await em.findOne(ProductBankLimit, { id }), 'catalog.bank_limit_not_found');
    return this.limitView(em, limit);
  }

  async createLimit(body: BankLimitCreateBody, createdBy: string | null): Promise<BankLimitStaff> {
    return write(
      staffDeps(this),
      async (em) => {
        const account = await em.findOne(BankAccount, { id: body.bankAccountId }, FOR_SHARE);
        assertNoProblems([
          ...(await referencedProduct(em, body.productId)),
          ...(account ? [] : [{ field: 'bankAccountId', code: 'catalog.bank_account_not_found' as const }]),
        ]);
        const now = new Date();
        const limit = em.create(ProductBankLimit, {
          id: uuidv7(),
          productId: body.productId,
          bankAccountId: body.bankAccountId,
          ...newBankLimitFields(body),
          createdBy,
          createdAt: now,
          updatedAt: now,
        });
        this.kit.outbox.add(em, BankLimitChanged, bankLimitData(limit));
        await em.flush();
        return this.limitView(em, limit);
      },
      LIMIT_CONFLICTS,
    );
  }

  async updateLimit(id: string, body: BankLimitUpdateBody): Promise<BankLimitStaff> {
    return write(staffDeps(this), async (em) => {
      const limit = found(
        await em.findOne(ProductBankLimit, { id }, FOR_UPDATE),
        'catalog.bank_limit_not_found',
      );
      const current = bankLimitData(limit);
      const fields = updatedBankLimitFields(
        { total: current.total, max: current.max, status: current.status },
        body,
      );
      em.assign(limit, { ...fields, updatedAt: new Date() });
      this.kit.outbox.add(em, BankLimitChanged, bankLimitData(limit));
      return this.limitView(em, limit);
    });
  }

  async removeLimit(id: string): Promise<void> {
    await write(staffDeps(this), async (em) => {
      const limit = found(
        await em.findOne(ProductBankLimit, { id }, FOR_UPDATE),
        'catalog.bank_limit_not_found',
      );
      this.removeLimitRow(em, limit, new Date().toISOString());
    });
  }

  private removeLimitRow(em: EntityManager, limit: ProductBankLimitEntity, deletedAt: string): void {
    em.remove(limit);
    this.kit.outbox.add(em, BankLimitDeleted, {
      id: limit.id,
      productId: limit.productId,
      bankAccountId: limit.bankAccountId,
      deletedAt,
    });
  }

  private async limitView(em: EntityManager, limit: ProductBankLimitEntity): Promise<BankLimitStaff> {
    const [view] = await this.limitViews(em, [limit]);
    return found(view ?? null, 'catalog.bank_account_not_found');
  }

  private async limitViews(em: EntityManager, limits: ProductBankLimitEntity[]): Promise<BankLimitStaff[]> {
    const accounts = new Map(
      (await em.find(BankAccount, { id: { $in: limits.map((l) => l.bankAccountId) } })).map((a) => [a.id, a]),
    );
    return limits.flatMap((l) => {
      const a = accounts.get(l.bankAccountId);
      return a ? [{ ...bankLimitData(l), bankAccount: bankAccountPublic(a) }] : [];
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    bankAccounts: BankAccountCatalog;
  }
}

export default fp(
  async (app) => {
    app.decorate('bankAccounts', new BankAccountCatalog(app.kit, app.catalogCache));
  },
  { name: 'bank-accounts', dependencies: ['catalog-cache'] },
);
