import fp from 'fastify-plugin';
import { LockMode } from '@mikro-orm/core';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import type { PaymentType } from '@rian/proto-contracts/orders';
import { PaymentTypeChanged, type PaymentTypeView } from '@rian/proto-contracts/payments';
import { PaymentTypeRecord, type PaymentTypeRecordEntity } from '../../entities/payment-type-record.js';

const view = (r: PaymentTypeRecordEntity): PaymentTypeView => ({
  id: r.id as PaymentType,
  icon: r.icon,
  title: { th: r.titleTh, en: r.titleEn },
  detail: { th: r.detailTh, en: r.detailEn },
  disable: r.disable === 'Y' ? 'Y' : 'N',
});

/**
 * Payment types (spec 02 §3, §4 "Payment types by id"), seeded by the migration; staff switch one off
 * or on, and orders learns it from `payments.payment-type.changed` to refuse it at checkout.
 */
export class PaymentTypes {
  constructor(
    private readonly kit: Kit,
    private readonly clock: () => Date,
  ) {}

  async list(): Promise<PaymentTypeView[]> {
    return (await this.kit.orm.em.fork().find(PaymentTypeRecord, {}, { orderBy: { id: 'asc' } })).map(view);
  }

  /** Sets the disable flag; a real change bumps the revision and writes the event with it. */
  async setDisable(id: number, disable: 'Y' | 'N', staffId: string): Promise<PaymentTypeView> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      const type = await em.findOne(PaymentTypeRecord, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!type) throw new ProblemError('payments.payment_type_not_found');
      if (type.disable === disable) return view(type);
      const now = this.clock();
      type.disable = disable;
      type.revision += 1;
      type.updatedBy = staffId;
      type.updatedAt = now;
      this.kit.outbox.add(em, PaymentTypeChanged, {
        paymentTypeId: id as PaymentType,
        disable,
        revision: type.revision,
        changedAt: now.toISOString(),
      });
      await em.flush();
      return view(type);
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentTypes: PaymentTypes;
  }
}

export default fp<{ clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('paymentTypes', new PaymentTypes(app.kit, opts.clock ?? (() => new Date())));
  },
  { name: 'payment-types' },
);
