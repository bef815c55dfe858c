import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { ProblemError } from '@rian/kit/errors';
import {
  DistrictsQuery,
  DistrictView,
  ProvinceView,
  SubDistrictsQuery,
  SubDistrictView,
} from '@rian/proto-contracts/addresses';

// the lists change only with a new release of the data package
const CACHE = 'public, max-age=86400';

/** Thai address reference lists for the address picker: public and cacheable. */
const referenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['reference'] };

  app.get(
    '/reference/provinces',
    {
      schema: {
        ...common,
        summary: 'Provinces (id = official 2-digit code), in Thai order',
        response: { 200: Type.Array(ProvinceView) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', CACHE);
      return app.thaiPlaces.provinces();
    },
  );

  app.get(
    '/reference/districts',
    {
      schema: {
        ...common,
        summary: 'Districts (อำเภอ/เขต) of a province',
        querystring: DistrictsQuery,
        response: { 200: Type.Array(DistrictView), 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req, reply) => {
      const list = app.thaiPlaces.districts(req.query.provinceId);
      if (!list) throw new ProblemError('auth.place_not_found');
      reply.header('cache-control', CACHE);
      return list;
    },
  );

  app.get(
    '/reference/sub-districts',
    {
      schema: {
        ...common,
        summary: 'Sub-districts (ตำบล/แขวง) of a district, each with its zip',
        querystring: SubDistrictsQuery,
        response: { 200: Type.Array(SubDistrictView), 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req, reply) => {
      const list = app.thaiPlaces.subDistricts(req.query.districtId);
      if (!list) throw new ProblemError('auth.place_not_found');
      reply.header('cache-control', CACHE);
      return list;
    },
  );
};

export default referenceRoutes;
