import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  CouponEmailList,
  CouponEmailsBody,
  CouponInput,
  CouponListQuery,
  CouponPage,
  CouponView,
} from '@rian/proto-contracts/coupons';

const bearer = [{ bearer: [] }];
const guarded = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const Id = Type.Object({ id: Uuid() });

/** The coupon back office /admin/coupon (spec 02 §2, §3 Coupon and Coupon e-mail, §5): any staff. */
const adminCouponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const staff = app.kit.requireStaff();
  const tags = ['admin-coupons'];

  app.get(
    '/admin/coupons',
    {
      preHandler: staff,
      schema: {
        tags,
        summary:
          'Coupons, newest first: q = part of the code or name; active = not expired now (Asia/Bangkok)',
        security: bearer,
        querystring: CouponListQuery,
        response: { 200: CouponPage, ...guarded },
      },
    },
    async (req) => app.coupons.list(req.query),
  );

  app.get(
    '/admin/coupons/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'One coupon with the number of orders using it',
        security: bearer,
        params: Id,
        response: { 200: CouponView, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.coupons.one(req.params.id),
  );

  app.post(
    '/admin/coupons',
    {
      preHandler: staff,
      schema: {
        tags,
        summary:
          'Creates a coupon: code unique whatever its case (409 มีรหัสคูปองนี้เเล้ว), empty limit = null (unlimited), only the value of its type kept',
        security: bearer,
        body: CouponInput,
        response: { 201: CouponView, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => reply.status(201).send(await app.coupons.create(req.body)),
  );

  app.put(
    '/admin/coupons/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Replaces a coupon (the whole form); a type change clears the values of the other types',
        security: bearer,
        params: Id,
        body: CouponInput,
        response: { 200: CouponView, 404: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.coupons.update(req.params.id, req.body),
  );

  app.delete(
    '/admin/coupons/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Deletes a coupon no order refers to (else 409: end its window or set a limit instead)',
        security: bearer,
        params: Id,
        response: { 204: Type.Null(), 404: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.coupons.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/coupons/:id/emails',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "The coupon's e-mail list (removed entries left out)",
        security: bearer,
        params: Id,
        response: { 200: CouponEmailList, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.coupons.emails(req.params.id),
  );

  app.post(
    '/admin/coupons/:id/emails',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Adds e-mails (lower-cased); one removed before is restored. Answers the whole list',
        security: bearer,
        params: Id,
        body: CouponEmailsBody,
        response: { 200: CouponEmailList, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.coupons.addEmails(req.params.id, req.body.emails),
  );

  app.delete(
    '/admin/coupons/:id/emails/:emailId',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Removes an e-mail from the list (soft: adding it again restores it)',
        security: bearer,
        params: Type.Object({ id: Uuid(), emailId: Uuid() }),
        response: { 204: Type.Null(), 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.coupons.removeEmail(req.params.id, req.params.emailId);
      return reply.status(204).send(null);
    },
  );
};

export default adminCouponRoutes;
