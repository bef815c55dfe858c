import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  AdminOrderCounts,
  AdminOrdersPage,
  AdminOrdersQuery,
  AdminOrderView,
  AffiliatesPage,
  AffiliatesQuery,
  BookDispatchBody,
  BookDispatchReply,
  ReportQuery,
  TrackingBody,
} from '@rian/proto-contracts/orders-admin';
import cancelByCode from './cancel-by-code.js';

const bearer = [{ bearer: [] }];
const denied = { 401: ProblemSchema, 403: ProblemSchema };
const IdParams = Type.Object({ id: Uuid() });

/** The orders back office (spec 02 §2 /admin/orders; §7 ordersByStatus, ordersByDate, …), staff only. */
const adminOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const staff = app.kit.requireStaff();

  app.get(
    '/admin/orders',
    {
      preHandler: staff,
      schema: {
        tags: ['orders-admin'],
        summary:
          'Orders filtered by status, Asia/Bangkok days ordered, product, referrer (invite, exactly), or a search text; paged',
        security: bearer,
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersPage, 400: ProblemSchema, ...denied },
      },
    },
    async (req) => app.adminOrders.list(req.query),
  );

  app.get(
    '/admin/orders/counts',
    {
      preHandler: staff,
      schema: {
        tags: ['orders-admin'],
        summary: 'How many orders are in each status (wait = waiting for confirmation)',
        security: bearer,
        response: { 200: AdminOrderCounts, ...denied },
      },
    },
    async () => app.adminOrders.counts(),
  );

  app.get(
    '/admin/orders/report.csv',
    {
      preHandler: staff,
      schema: {
        tags: ['orders-admin'],
        summary:
          'Orders by date as CSV (UTF-8 with BOM for Excel, header row, amounts in baht with 2 decimals)',
        security: bearer,
        querystring: ReportQuery,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'CSV text' }), 400: ProblemSchema, ...denied },
      },
    },
    async (req, reply) => {
      const csv = await app.adminOrders.reportCsv(req.query.from, req.query.to);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${req.query.from}-${req.query.to}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      preHandler: staff,
      schema: {
        tags: ['orders-admin'],
        summary: 'One order with its details, instalment schedule, invoice and back-office flags',
        security: bearer,
        params: IdParams,
        response: { 200: AdminOrderView, 400: ProblemSchema, 404: ProblemSchema, ...denied },
      },
    },
    async (req) => app.adminOrders.one(req.principal!, req.params.id),
  );

  app.post(
    '/admin/orders/book-dispatch',
    {
      preHandler: staff,
      schema: {
        tags: ['orders-admin'],
        summary:
          'Sets the book dispatch flag (Y/N/C) of a list of orders; any unknown id: 400, nothing changed',
        security: bearer,
        body: BookDispatchBody,
        response: { 200: BookDispatchReply, 400: ProblemSchema, ...denied },
      },
    },
    async (req) => app.adminOrders.bookDispatch(req.body),
  );

  app.put(
    '/admin/orders/:id/tracking',
    {
      preHandler: staff,
      schema: {
        tags: ['orders-admin'],
        summary: 'Records the parcel tracking number, and the staff member who recorded it',
        security: bearer,
        params: IdParams,
        body: TrackingBody,
        response: { 200: AdminOrderView, 400: ProblemSchema, 404: ProblemSchema, ...denied },
      },
    },
    async (req) => app.adminOrders.setTracking(req.principal!, req.params.id, req.body.tracking),
  );

  app.put(
    '/admin/orders/:id/certificate',
    {
      preHandler: staff,
      schema: {
        tags: ['orders-admin'],
        summary: 'Marks the certificate as issued (flag Y)',
        security: bearer,
        params: IdParams,
        response: { 200: AdminOrderView, 400: ProblemSchema, 404: ProblemSchema, ...denied },
      },
    },
    async (req) => app.adminOrders.setCertificate(req.principal!, req.params.id),
  );

  app.get(
    '/admin/affiliates',
    {
      preHandler: staff,
      schema: {
        tags: ['orders-admin'],
        summary:
          'Orders by referrer (invite), cancelled ones left out: counts and sums of net (satang), in the Asia/Bangkok days asked; most orders first',
        security: bearer,
        querystring: AffiliatesQuery,
        response: { 200: AffiliatesPage, 400: ProblemSchema, ...denied },
      },
    },
    async (req) => app.adminOrders.affiliates(req.query),
  );

  await app.register(cancelByCode);
};

export default adminOrderRoutes;
