import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { Delivery, DeliveryListQuery } from '@rian/proto-contracts/notifications';
import type { DeliveryLog } from '../../plugins/app/delivery-log.js';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/** The delivery log for staff: what was sent (or only logged) to whom, and why a message failed. */
export const deliveryRoutes: FastifyPluginAsync<{ deliveries: DeliveryLog }> = async (
  app,
  { deliveries },
) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/deliveries',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['deliveries'],
        summary: 'List deliveries, newest first (staff)',
        description: '`to` matches the whole address, ignoring case.',
        security: [{ bearer: [] }],
        querystring: DeliveryListQuery,
        response: { 200: Page(Delivery), ...errors },
      },
    },
    async (req) => deliveries.list(req.query),
  );

  r.get(
    '/deliveries/:id',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['deliveries'],
        summary: 'One delivery (staff)',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Uuid() }),
        response: { 200: Delivery, ...errors, 404: ProblemSchema },
      },
    },
    async (req) => deliveries.get(req.params.id),
  );

  r.post(
    '/deliveries/:id/resend',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['deliveries'],
        summary: 'Send a failed delivery again (staff)',
        description:
          'Only a `failed` delivery: it goes back to `pending` with a fresh budget of tries. Else 409.',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Uuid() }),
        response: { 200: Delivery, ...errors, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (req) => deliveries.resend(req.params.id, req.principal!.sub),
  );
};
