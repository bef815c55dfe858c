import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { PaymentTypeList, PaymentTypeView, SetPaymentTypeDisableBody } from '@rian/proto-contracts/payments';

const bearer = [{ bearer: [] }];

/** Payment types: the public list, staff's disable flag. */
const paymentTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/payment-types',
    {
      schema: {
        tags: ['payment-types'],
        summary: 'The payment types (1 card, 4 bank transfer, 6 coin, 8 instalments) with their disable flag',
        description: 'Public (spec 02 §6).',
        response: { 200: PaymentTypeList },
      },
    },
    async () => app.paymentTypes.list(),
  );

  app.put(
    '/admin/payment-types/:id',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['payment-types'],
        summary: 'Switch a payment type off (Y) or on (N); emits payments.payment-type.changed on a change',
        description: 'Staff. Checkout (orders) refuses a disabled type.',
        security: bearer,
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 32767 }) }),
        body: SetPaymentTypeDisableBody,
        response: {
          200: PaymentTypeView,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (req) => app.paymentTypes.setDisable(req.params.id, req.body.disable, req.principal!.sub),
  );
};

export default paymentTypeRoutes;
