import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { fieldError, validationProblem } from '@rian/kit/errors';
import type { Principal } from '@rian/kit/tokens';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  AdminSlipRow,
  AdminSlipsPage,
  AdminSlipsQuery,
  RejectSlipBody,
  SlipCounts,
} from '@rian/proto-contracts/payments';
import type { Reviewer } from '../../plugins/app/slip-review.js';

const bearer = [{ bearer: [] }];

/** The reviewing staff member: their id, and their name as their token carries it. */
const reviewer = (p: Principal): Reviewer => ({ id: p.sub, name: p.name?.trim() || null });
const errors = { 401: ProblemSchema, 403: ProblemSchema };

/** Staff review of transfer slips (/admin/ordersConfirm). */
const adminSlipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const staff = app.kit.requireStaff();

  app.get(
    '/admin/slips',
    {
      preHandler: staff,
      schema: {
        tags: ['admin-slips'],
        summary: 'Slips, oldest first, with the order, the buyer, the amounts and a signed image URL',
        security: bearer,
        querystring: AdminSlipsQuery,
        response: { 200: AdminSlipsPage, 400: ProblemSchema, ...errors },
      },
    },
    async (req) => app.slipReview.list(req.query),
  );

  app.get(
    '/admin/slips/count',
    {
      preHandler: staff,
      schema: {
        tags: ['admin-slips'],
        summary: 'How many slips wait for review (the top-bar badge)',
        security: bearer,
        response: { 200: SlipCounts, ...errors },
      },
    },
    async () => app.slipReview.counts(),
  );

  app.post(
    '/admin/slips/:id/approve',
    {
      preHandler: staff,
      schema: {
        tags: ['admin-slips'],
        summary:
          'Approve a waiting slip: the order (or instalment) is paid; emits payments.payment.approved once',
        description: 'Approving again answers the same slip and emits nothing; a rejected slip → 409.',
        security: bearer,
        params: Type.Object({ id: Uuid() }),
        response: { 200: AdminSlipRow, ...errors, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (req) => {
      const row = await app.slipReview.approve(req.params.id, reviewer(req.principal!));
      void app.slipCountFeed.changed();
      return row;
    },
  );

  app.post(
    '/admin/slips/:id/reject',
    {
      preHandler: staff,
      schema: {
        tags: ['admin-slips'],
        summary:
          'Reject a waiting slip with a note for the buyer (required); emits payments.payment.rejected',
        description:
          'The buyer may then send another slip. Rejecting again answers the same; an approved slip → 409.',
        security: bearer,
        params: Type.Object({ id: Uuid() }),
        body: RejectSlipBody,
        response: {
          200: AdminSlipRow,
          400: ProblemSchema,
          ...errors,
          404: ProblemSchema,
          409: ProblemSchema,
        },
      },
    },
    async (req) => {
      const note = req.body.note.trim();
      if (!note) throw validationProblem([fieldError('note', 'validation.required')]);
      const row = await app.slipReview.reject(req.params.id, reviewer(req.principal!), note);
      void app.slipCountFeed.changed();
      return row;
    },
  );
};

export default adminSlipRoutes;
