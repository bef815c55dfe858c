import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { CouponCheckBody, CouponCheckReply } from '@rian/proto-contracts/coupons';

/** The member's coupon check before checkout (spec 02 §2 coupon dialog, §7 coupon ByCode). */
const couponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/coupons/check',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['coupons'],
        summary:
          "What the coupon takes off the member's price today, or checkout's Thai problem (spec 02 §5 order); nothing is used up",
        security: [{ bearer: [] }],
        body: CouponCheckBody,
        response: {
          200: CouponCheckReply,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (req) => app.coupons.check(req.principal!, req.body),
  );
};

export default couponRoutes;
