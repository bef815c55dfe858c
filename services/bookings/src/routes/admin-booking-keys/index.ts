import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { BookingKeyBody, BookingKeyPatch, BookingKeysQuery, BookingKeyView } from '@rian/proto-contracts/bookings';
import { staffRoutes } from '@rian/kit/staff-routes';

/** Staff's booking keys: list, one, add (code made when absent), change limit / active. */
const adminBookingKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/booking-keys',
    tag: 'admin bookings',
    noun: 'booking key',
    item: BookingKeyView,
    query: BookingKeysQuery,
    createBody: BookingKeyBody,
    summaries: {
      list: 'Booking keys, a page at a time; q matches the code',
      create:
        'Add a booking key: the code given (kept upper-case) or 10 characters made up; the limit given or BOOKINGS_KEY_LIMIT',
    },
    conflict: ['create'],
    list: (q) => app.bookingKeys.list(q),
    get: (id) => app.bookingKeys.byId(id),
    create: (body, req) => app.bookingKeys.create(body, req.principal?.sub ?? null),
  });

  app.patch(
    '/admin/booking-keys/:id',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin bookings'],
        summary: "Change a booking key's limit or switch it on or off",
        security: [{ bearer: [] }],
        params: Type.Object({ id: Uuid() }),
        body: BookingKeyPatch,
        response: { 200: BookingKeyView, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.bookingKeys.patch(req.params.id, req.body),
  );
};

export default adminBookingKeyRoutes;
