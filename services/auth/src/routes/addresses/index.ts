import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { AddressBody, AddressSlotParams, AddressView } from '@rian/proto-contracts/addresses';

const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** The signed-in member's own addresses: four slots, format current|delivery × type person|company. */
const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.kit.requireUser;
  const common = { tags: ['addresses'], security: [{ bearer: [] }] };

  app.get(
    '/addresses',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'My addresses (up to four)',
        response: { 200: Type.Array(AddressView), ...guarded },
      },
    },
    async (req) => app.userAddresses.list(req.principal!.sub),
  );

  app.put(
    '/addresses/:format/:type',
    {
      preHandler,
      schema: {
        ...common,
        summary:
          'Fill or replace one slot. The zip is filled from the sub-district when left out; ' +
          'a company needs every field and a tax id',
        params: AddressSlotParams,
        body: AddressBody,
        response: { 200: AddressView, 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.userAddresses.save(req.principal!.sub, req.params, req.body),
  );

  app.delete(
    '/addresses/:format/:type',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Empty one slot',
        params: AddressSlotParams,
        response: { 204: Type.Null(), 400: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.userAddresses.remove(req.principal!.sub, req.params);
      return reply.status(204).send(null);
    },
  );
};

export default addressRoutes;
