import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { CoursePublic } from '@rian/proto-contracts/learning';

/** One course, for visitors and members (spec 02 §6: the course read needs no token). */
const courseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/courses/:id',
    {
      schema: {
        tags: ['courses'],
        summary: 'One course (spec 01 "course by id")',
        params: Type.Object({ id: Uuid() }),
        response: { 200: CoursePublic, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.courses.publicById(req.params.id),
  );
};

export default courseRoutes;
