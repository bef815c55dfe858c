import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  BookingBulkResult,
  BookingIdsBody,
  BookingMailBody,
  BookingMailResult,
  BookingSlipLink,
  BookingsQuery,
  BookingStaffRow,
  BookingUpdateBody,
} from '@rian/proto-contracts/bookings';
import { staffRoutes } from '@rian/kit/staff-routes';

const bearer = [{ bearer: [] }];
const staffProblems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/** Staff's bookings (/admin/userCourseBooking): list, one, update, delete, bulk wait / confirm, mail, slip, CSV. */
const adminBookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.kit.requireStaff();
  const staffId = (p: { sub: string } | undefined) => p?.sub ?? '';

  staffRoutes(app, {
    path: '/admin/bookings',
    tag: 'admin bookings',
    noun: 'booking',
    item: BookingStaffRow,
    query: BookingsQuery,
    updateBody: BookingUpdateBody,
    summaries: {
      list: 'Bookings, a page at a time; q matches name, last name, e-mail or key; phones opened',
      update:
        'Change a booking (POST Update, spec 02 §5): timestamps, slip, amount and payment date/time → 400 bookings.field_not_editable',
    },
    conflict: ['update'],
    list: (q) => app.bookings.list(q),
    get: (id) => app.bookings.byId(id),
    update: (id, body, req) => app.bookings.update(id, body, staffId(req.principal)),
    remove: (id, req) => app.bookings.remove(id, staffId(req.principal)),
  });

  app.post(
    '/admin/bookings/wait',
    {
      preHandler,
      schema: {
        tags: ['admin bookings'],
        summary: 'updateWaitAll: these bookings to status wait, all or nothing (an unknown id → 404)',
        security: bearer,
        body: BookingIdsBody,
        response: { 200: BookingBulkResult, ...staffProblems },
      },
    },
    async (req) => app.bookings.bulkWait(req.body.ids),
  );

  app.post(
    '/admin/bookings/confirm',
    {
      preHandler,
      schema: {
        tags: ['admin bookings'],
        summary:
          'updataConfirmAllBooking: confirm Y, all or nothing (an unknown id → 404); bookings.booking.confirmed once per booking that was N',
        security: bearer,
        body: BookingIdsBody,
        response: { 200: BookingBulkResult, ...staffProblems },
      },
    },
    async (req) => app.bookings.bulkConfirm(req.body.ids, staffId(req.principal)),
  );

  app.post(
    '/admin/bookings/:id/mail',
    {
      preHandler,
      schema: {
        tags: ['admin bookings'],
        summary:
          'sendMailById: the booking e-mail to the person who booked (emits bookings.booking.mail-requested)',
        security: bearer,
        params: Type.Object({ id: Uuid() }),
        body: BookingMailBody,
        response: { 200: BookingMailResult, ...staffProblems },
      },
    },
    async (req) => app.bookings.requestMail(req.params.id, req.body.lang ?? 'th', staffId(req.principal)),
  );

  app.get(
    '/admin/bookings/:id/slip',
    {
      preHandler,
      schema: {
        tags: ['admin bookings'],
        summary: "A booking's slip at a signed link that works for BOOKINGS_URL_TTL_SECONDS",
        security: bearer,
        params: Type.Object({ id: Uuid() }),
        response: { 200: BookingSlipLink, ...staffProblems },
      },
    },
    async (req) => app.bookings.slipLink(req.params.id),
  );

  app.get(
    '/admin/bookings/export',
    {
      preHandler,
      schema: {
        tags: ['admin bookings'],
        summary: "A product's bookings as CSV (UTF-8 with a BOM, formula-safe), phones opened",
        security: bearer,
        querystring: Type.Object({ productId: Uuid() }, { additionalProperties: false }),
        response: {
          200: { description: 'text/csv', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...staffProblems,
        },
      },
    },
    async (req, reply) =>
      reply
        .header('content-disposition', `attachment; filename="bookings-${req.query.productId}.csv"`)
        .header('cache-control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(await app.bookings.csv(req.query.productId)),
  );
};

export default adminBookingRoutes;
