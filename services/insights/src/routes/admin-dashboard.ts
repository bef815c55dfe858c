import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  DASHBOARD_MAX_DAYS,
  DashboardAnswer,
  DashboardQuery,
  daysBetween,
} from '@rian/proto-contracts/insights';
import { sendProblem } from '@rian/kit/problem';
import { readDashboard } from '../domain/dashboard.js';

/** GET /admin/dashboard (gateway: /api/insights/admin/dashboard): staff only (issue 20). */
const adminDashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin insights'],
        summary: 'The staff dashboard: sales per Bangkok day/week/month, work waiting, members, learning',
        security: [{ bearer: [] }],
        querystring: DashboardQuery,
        response: { 200: DashboardAnswer, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req, reply) => {
      const days = daysBetween(req.query.from, req.query.to);
      if (days < 1 || days > DASHBOARD_MAX_DAYS) return sendProblem(reply, 'insights.range_invalid');
      return readDashboard(app.kit.orm.em.fork(), req.query);
    },
  );
};
export default adminDashboardRoutes;
