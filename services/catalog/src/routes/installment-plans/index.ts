import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { staffRoutes } from '@rian/kit/staff-routes';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  InstallmentEmail,
  InstallmentEmailListQuery,
  InstallmentEmailsAdded,
  InstallmentEmailsBody,
  InstallmentPlanCreateBody,
  InstallmentPlanListQuery,
  InstallmentPlansToday,
  InstallmentPlanStaff,
  InstallmentPlanUpdateBody,
} from '@rian/proto-contracts/catalog-commerce';
import { optionalSignIn } from '../../plugins/app/commerce-support.js';

const PlanParams = Type.Object({ planId: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** Instalment plans: which are open today for the caller, and their administration (/admin/patternPayment). */
const installmentPlanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/products/:productId/installment-plans/today',
    {
      preHandler: optionalSignIn(app.kit),
      schema: {
        tags: ['installment plans'],
        summary:
          "The product's instalment plans open today (Asia/Bangkok) to the caller: type all for anyone, type email when the signed-in member's e-mail is listed",
        security: [{}, { bearer: [] }],
        params: Type.Object({ productId: Uuid() }),
        response: { 200: InstallmentPlansToday, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.installmentPlans.today(req.params.productId, req.principal),
  );

  const preHandler = app.kit.requireStaff();
  const common = { tags: ['admin installment plans'], security: [{ bearer: [] }] };

  staffRoutes(app, {
    path: '/admin/installment-plans',
    tag: 'admin installment plans',
    noun: 'plan',
    item: InstallmentPlanStaff,
    query: InstallmentPlanListQuery,
    createBody: InstallmentPlanCreateBody,
    updateBody: InstallmentPlanUpdateBody,
    idParam: 'planId',
    problems: { create: [404] },
    summaries: {
      list: 'Instalment plans, newest first; productId narrows to one product, q matches plan name or product title',
      create: 'Create a plan (emits catalog.installment-plan.changed); defaults type all, count 2',
      update: 'Change some fields of a plan (emits catalog.installment-plan.changed)',
      remove: 'Delete a plan and its e-mail list (emits catalog.installment-plan.deleted)',
    },
    service: app.installmentPlans,
  });

  app.get(
    '/admin/installment-plans/:planId/emails',
    {
      preHandler,
      schema: {
        ...common,
        summary: "The plan's e-mails in order; removed ones only with includeRemoved=true",
        params: PlanParams,
        querystring: InstallmentEmailListQuery,
        response: { 200: Page(InstallmentEmail), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.installmentPlans.emails(req.params.planId, req.query),
  );

  app.post(
    '/admin/installment-plans/:planId/emails',
    {
      preHandler,
      schema: {
        ...common,
        summary:
          'List e-mails on the plan (lower-cased; a removed one comes back; emits catalog.installment-plan.changed when the list changes)',
        params: PlanParams,
        body: InstallmentEmailsBody,
        response: {
          200: InstallmentEmailsAdded,
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          ...guarded,
        },
      },
    },
    async (req) =>
      app.installmentPlans.addEmails(req.params.planId, req.body.emails, req.principal?.sub ?? null),
  );

  app.delete(
    '/admin/installment-plans/:planId/emails/:emailId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Remove an e-mail from the plan (soft; emits catalog.installment-plan.changed)',
        params: Type.Object({ planId: Uuid(), emailId: Uuid() }),
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.installmentPlans.removeEmail(req.params.planId, req.params.emailId);
      return reply.status(204).send(null);
    },
  );
};

export default installmentPlanRoutes;
