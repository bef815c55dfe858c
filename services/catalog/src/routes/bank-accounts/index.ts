import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, PageQuery, Uuid } from '@rian/proto-contracts/common';
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

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

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

  const preHandler = app.kit.requireStaff();
  const admin = { tags: ['admin bank accounts'], security: [{ bearer: [] }] };

  app.get(
    '/admin/bank-accounts',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Bank accounts, disabled ones too; q matches bank, account name or number',
        querystring: BankAccountAdminQuery,
        response: { 200: Page(BankAccountStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.bankAccounts.listStaff(req.query),
  );

  app.get(
    '/admin/bank-accounts/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'One bank account',
        params: IdParams,
        response: { 200: BankAccountStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.bankAccounts.staffById(req.params.id),
  );

  app.post(
    '/admin/bank-accounts',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Add a bank account (emits catalog.bank-account.changed)',
        body: BankAccountCreateBody,
        response: { 201: BankAccountStaff, 400: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.bankAccounts.create(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/bank-accounts/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary:
          'Change some fields of a bank account: absent keeps, null clears (emits catalog.bank-account.changed)',
        params: IdParams,
        body: BankAccountUpdateBody,
        response: { 200: BankAccountStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.bankAccounts.update(req.params.id, req.body),
  );

  app.delete(
    '/admin/bank-accounts/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary:
          'Delete a bank account and its product limits (emits catalog.bank-limit.deleted, catalog.bank-account.deleted)',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.bankAccounts.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/bank-limits',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Per-product bank limits with their account, oldest first, by product and/or account',
        querystring: BankLimitQuery,
        response: { 200: Page(BankLimitStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.bankAccounts.listLimits(req.query),
  );

  app.get(
    '/admin/bank-limits/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'One product bank limit',
        params: IdParams,
        response: { 200: BankLimitStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.bankAccounts.limitById(req.params.id),
  );

  app.post(
    '/admin/bank-limits',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Add a product bank limit (emits catalog.bank-limit.changed)',
        body: BankLimitCreateBody,
        response: { 201: BankLimitStaff, 400: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.bankAccounts.createLimit(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/bank-limits/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary:
          'Change some fields of a product bank limit: absent keeps, null clears (emits catalog.bank-limit.changed)',
        params: IdParams,
        body: BankLimitUpdateBody,
        response: {
          200: BankLimitStaff,
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          ...guarded,
        },
      },
    },
    async (req) => app.bankAccounts.updateLimit(req.params.id, req.body),
  );

  app.delete(
    '/admin/bank-limits/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Delete a product bank limit (emits catalog.bank-limit.deleted)',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.bankAccounts.removeLimit(req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default bankAccountRoutes;
