import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, PageQuery, Uuid } from '@rian/proto-contracts/common';
import { staffRoutes } from '@rian/kit/staff-routes';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  BankAccountAdminQuery,
  BankAccountCreateBody,
  BankAccountPublic,
  BankAccountStaff,
  BankAccountUpdateBody,
  BankLimitCreateBody,
  BankLimitQuery,
  BankLimitStaff,
  BankLimitUpdateBody,
  ProductBankAccounts,
} from '@rian/proto-contracts/catalog-content';

/** Bank accounts buyers transfer to (no token) and /admin/bookbank with the per-product limits (staff). */
const bankAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const shop = { tags: ['bank accounts'] };

  app.get(
    '/bank-accounts',
    {
      schema: {
        ...shop,
        summary: 'Enabled bank accounts, in the order staff entered them',
        querystring: PageQuery,
        response: { 200: Page(BankAccountPublic), 400: ProblemSchema },
      },
    },
    async (req) => app.bankAccounts.listPublic(req.query),
  );

  app.get(
    '/products/:productId/bank-accounts',
    {
      schema: {
        ...shop,
        summary:
          'Where a buyer of an enabled product may transfer: accounts with an open limit for it, else every enabled account',
        params: Type.Object({ productId: Uuid() }),
        response: { 200: ProductBankAccounts, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.bankAccounts.forProduct(req.params.productId),
  );

  staffRoutes(app, {
    path: '/admin/bank-accounts',
    tag: 'admin bank accounts',
    noun: 'bank account',
    item: BankAccountStaff,
    query: BankAccountAdminQuery,
    createBody: BankAccountCreateBody,
    updateBody: BankAccountUpdateBody,
    summaries: {
      list: 'Bank accounts, disabled ones too; q matches bank, account name or number',
      create: 'Add a bank account (emits catalog.bank-account.changed)',
      update:
        'Change some fields of a bank account: absent keeps, null clears (emits catalog.bank-account.changed)',
      remove:
        'Delete a bank account and its product limits (emits catalog.bank-limit.deleted, catalog.bank-account.deleted)',
    },
    service: app.bankAccounts,
  });

  staffRoutes(app, {
    path: '/admin/bank-limits',
    tag: 'admin bank accounts',
    noun: 'product bank limit',
    item: BankLimitStaff,
    query: BankLimitQuery,
    createBody: BankLimitCreateBody,
    updateBody: BankLimitUpdateBody,
    conflict: ['create', 'update'],
    summaries: {
      list: 'Per-product bank limits with their account, oldest first, by product and/or account',
      create: 'Add a product bank limit (emits catalog.bank-limit.changed)',
      update:
        'Change some fields of a product bank limit: absent keeps, null clears (emits catalog.bank-limit.changed)',
      remove: 'Delete a product bank limit (emits catalog.bank-limit.deleted)',
    },
    list: (q) => app.bankAccounts.listLimits(q),
    get: (id) => app.bankAccounts.limitById(id),
    create: (body, req) => app.bankAccounts.createLimit(body, req.principal?.sub ?? null),
    update: (id, body) => app.bankAccounts.updateLimit(id, body),
    remove: (id) => app.bankAccounts.removeLimit(id),
  });
};

export default bankAccountRoutes;
