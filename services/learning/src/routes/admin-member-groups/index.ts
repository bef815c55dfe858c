import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  GroupCodesResult,
  MemberGroupAdminQuery,
  MemberGroupCreateBody,
  MemberGroupStaff,
  MemberGroupUpdateBody,
} from '@rian/proto-contracts/learning-groups';

const Params = Type.Object({ id: Uuid() });
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * /admin/member-groups (the SPA's /admin/memberGroup; spec memberGroup list / ByCoursesId / create /
 * by id / delete, memberGroupUser Gennarate): staff only.
 */
const adminMemberGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/member-groups',
    tag: 'admin-member-groups',
    noun: 'member group',
    item: MemberGroupStaff,
    query: MemberGroupAdminQuery,
    createBody: MemberGroupCreateBody,
    updateBody: MemberGroupUpdateBody,
    summaries: {
      list: 'Member groups, newest first by default; by course and type; q matches the name or link',
      create:
        'Add a course’s Facebook (default) or LINE group: name, https link, QR and manual QR (media `qr` file names), hidden, join condition',
      remove: 'Delete a member group and its join requests (enrolment flags stay)',
    },
    service: app.memberGroups,
  });

  app.post(
    '/admin/member-groups/:id/codes',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin-member-groups'],
        security: [{ bearer: [] }],
        summary:
          'Gennarate: a code ("<course code>-<nnn>") for each of the group’s join requests without one',
        params: Params,
        response: { 200: GroupCodesResult, ...problems },
      },
    },
    async (req) => app.groupRequests.generateCodes(req.params.id),
  );
};

export default adminMemberGroupRoutes;
