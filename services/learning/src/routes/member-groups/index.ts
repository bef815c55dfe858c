import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  GroupRequestMine,
  MemberGroupList,
  MemberGroupListQuery,
} from '@rian/proto-contracts/learning-groups';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * The member's groups (spec 01 §7 memberGroup ByCoursesIdAndUser; §4 "Group join"): members only,
 * each reading their own requests; a group they may not see answers 404.
 */
const memberGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = { tags: ['member-groups'], security: [{ bearer: [] }] };
  const preHandler = app.kit.requireUser;

  app.get(
    '/member/groups',
    {
      preHandler,
      schema: {
        ...meta,
        summary:
          'The groups of the member’s course (courseId, else the selected one) that are not hidden, each with the member’s own join request',
        querystring: MemberGroupListQuery,
        response: { 200: MemberGroupList, ...refusals },
      },
    },
    async (req) => app.memberGroups.forMember(req.principal!.sub, req.query.courseId),
  );

  app.post(
    '/member/groups/:id/join',
    {
      preHandler,
      schema: {
        ...meta,
        summary: 'Ask to join a group: recorded once (201; 200 with the same request when it already was)',
        params: Type.Object({ id: Uuid() }),
        response: { 200: GroupRequestMine, 201: GroupRequestMine, ...refusals },
      },
    },
    async (req, reply) => {
      const { request, created } = await app.memberGroups.join(req.principal!.sub, req.params.id);
      return reply.code(created ? 201 : 200).send(request);
    },
  );
};

export default memberGroupRoutes;
