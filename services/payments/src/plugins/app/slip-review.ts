import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import type { PaymentType } from '@rian/proto-contracts/orders';
import {
  PaymentApproved,
  PaymentRejected,
  type AdminSlipRow,
  type AdminSlipsQuery,
} from '@rian/proto-contracts/payments';
import { num, type Payments, type Row } from './payments.js';

const SELECT = `select s.slip_id, s.status as slip_status, s.payment_date, s.payment_time, s.amount as slip_amount,
         s.note, s.created_at as slip_created_at, s.reviewed_at, s.reviewed_by,
         a.attempt_id, a.order_id, a.order_no, a.reference, a.user_id, a.user_email, a.payment_type, a.order_net,
         a.installment, a.period, a.amount, a.status as attempt_status
    from slips s join payment_attempts a on a.attempt_id = s.attempt_id`;

/** Staff's review of transfer slips (/admin/ordersConfirm): list, count, approve, reject. */
export class SlipReview {
  constructor(
    private readonly kit: Kit,
    private readonly payments: Payments,
    private readonly clock: () => Date,
  ) {}

  private row(r: Row): AdminSlipRow {
    return {
      ...this.payments.slipView(r),
      orderId: String(r.order_id),
      orderNo: num(r.order_no),
      reference: String(r.reference),
      userId: String(r.user_id),
      userEmail: (r.user_email as string | null) ?? null,
      paymentType: num(r.payment_type) as PaymentType,
      net: num(r.order_net),
      period: r.installment ? num(r.period) : null,
      reviewedBy: (r.reviewed_by as string | null) ?? null,
    };
  }

  /** Slips, oldest first (the queue order), optionally of one status. */
  async list(q: AdminSlipsQuery) {
    const em = this.kit.orm.em.fork();
    const where = q.status ? 'where s.status = ?' : '';
    const params = q.status ? [q.status] : [];
    const [{ n }] = (await em.execute(`select count(*)::int as n from slips s ${where}`, params)) as [
      { n: number },
    ];
    const rows = (await em.execute(`${SELECT} ${where} order by s.created_at, s.slip_id limit ? offset ?`, [
      ...params,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    ] as never[])) as Row[];
    return { items: rows.map((r) => this.row(r)), page: q.page, pageSize: q.pageSize, total: n };
  }

  async counts(): Promise<{ wait: number }> {
    const [{ n }] = (await this.kit.orm.em
      .fork()
      .execute(`select count(*)::int as n from slips where status = 'wait'`)) as [{ n: number }];
    return { wait: n };
  }

  private async locked(em: EntityManager, slipId: string): Promise<Row> {
    const [row] = (await em.execute(`${SELECT} where s.slip_id = ? for update of s, a`, [slipId])) as Row[];
    if (!row) throw new ProblemError('payments.slip_not_found');
    return row;
  }

  private async reread(slipId: string): Promise<AdminSlipRow> {
    const [row] = (await this.kit.orm.em.fork().execute(`${SELECT} where s.slip_id = ?`, [slipId])) as Row[];
    return this.row(row!);
  }

  private eventBase(r: Row) {
    return {
      slipId: String(r.slip_id),
      attemptId: String(r.attempt_id),
      orderId: String(r.order_id),
      orderNo: num(r.order_no),
      reference: String(r.reference),
      userId: String(r.user_id),
      period: r.installment ? num(r.period) : null,
      amount: num(r.slip_amount),
    };
  }

  /**
   * Approves a waiting slip: the attempt is paid (finish) and `payments.payment.approved` is written
   * with it. Approving it again answers the same and writes nothing; a rejected slip → 409.
   */
  async approve(slipId: string, staffId: string): Promise<AdminSlipRow> {
    await this.kit.orm.em.fork().transactional(async (em) => {
      const r = await this.locked(em, slipId);
      if (r.slip_status === 'approved') return;
      if (r.slip_status !== 'wait') throw new ProblemError('payments.slip_reviewed');
      // the order was cancelled while the slip waited: nothing is due any more
      if (r.attempt_status !== 'wait') throw new ProblemError('payments.nothing_due');
      const now = this.clock();
      await em.execute(
        `update slips set status = 'approved', reviewed_by = ?, reviewed_at = ? where slip_id = ?`,
        [staffId, now, slipId] as never[],
      );
      await em.execute(
        `update payment_attempts set status = 'finish', paid_at = ?, paid_method = 'slip', updated_at = ? where attempt_id = ?`,
        [now, now, r.attempt_id] as never[],
      );
      this.kit.outbox.add(em, PaymentApproved, {
        ...this.eventBase(r),
        method: 'slip',
        approvedBy: staffId,
        approvedAt: now.toISOString(),
      });
      await em.flush();
    });
    return this.reread(slipId);
  }

  /**
   * Rejects a waiting slip with a note for the buyer: the attempt waits for another slip (create)
   * and `payments.payment.rejected` is written. Rejecting it again answers the same; an approved
   * slip → 409.
   */
  async reject(slipId: string, staffId: string, note: string): Promise<AdminSlipRow> {
    await this.kit.orm.em.fork().transactional(async (em) => {
      const r = await this.locked(em, slipId);
      if (r.slip_status === 'rejected') return;
      if (r.slip_status !== 'wait') throw new ProblemError('payments.slip_reviewed');
      const now = this.clock();
      await em.execute(
        `update slips set status = 'rejected', note = ?, reviewed_by = ?, reviewed_at = ? where slip_id = ?`,
        [note, staffId, now, slipId] as never[],
      );
      await em.execute(
        `update payment_attempts set status = 'create', updated_at = ? where attempt_id = ? and status = 'wait'`,
        [now, r.attempt_id] as never[],
      );
      this.kit.outbox.add(em, PaymentRejected, {
        ...this.eventBase(r),
        note,
        rejectedBy: staffId,
        rejectedAt: now.toISOString(),
        ...(typeof r.user_email === 'string' && r.user_email ? { userEmail: r.user_email } : {}),
      });
      await em.flush();
    });
    return this.reread(slipId);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    slipReview: SlipReview;
  }
}

export default fp<{ clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('slipReview', new SlipReview(app.kit, app.payments, opts.clock ?? (() => new Date())));
  },
  { name: 'slip-review', dependencies: ['payments'] },
);
