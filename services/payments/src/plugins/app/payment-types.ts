import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import type { PaymentType } from '@rian/proto-contracts/orders';
import { PaymentTypeChanged, type PaymentTypeView } from '@rian/proto-contracts/payments';
import { num, type Row } from './payments.js';

const view = (r: Row): PaymentTypeView => ({
  id: num(r.payment_type_id) as PaymentType,
  icon: String(r.icon),
  title: { th: String(r.title_th), en: String(r.title_en) },
  detail: { th: String(r.detail_th), en: String(r.detail_en) },
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
    const rows = (await this.kit.orm.em
      .fork()
      .execute(`select * from payment_types order by payment_type_id`)) as Row[];
    return rows.map(view);
  }

  /** Sets the disable flag; a real change bumps the revision and writes the event with it. */
  async setDisable(id: number, disable: 'Y' | 'N', staffId: string): Promise<PaymentTypeView> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      const [row] = (await em.execute(`select * from payment_types where payment_type_id = ? for update`, [
        id,
      ])) as Row[];
      if (!row) throw new ProblemError('payments.payment_type_not_found');
      if (row.disable === disable) return view(row);
      const now = this.clock();
      const [updated] = (await em.execute(
        `update payment_types set disable = ?, revision = revision + 1, updated_by = ?, updated_at = ?
          where payment_type_id = ? returning *`,
        [disable, staffId, now, id] as never[],
      )) as Row[];
      this.kit.outbox.add(em, PaymentTypeChanged, {
        paymentTypeId: id as PaymentType,
        disable,
        revision: num(updated!.revision),
        changedAt: now.toISOString(),
      });
      await em.flush();
      return view(updated!);
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
