import fp from 'fastify-plugin';
import { LockMode } from '@mikro-orm/core';
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
import { PaymentAttempt, type PaymentAttemptEntity } from '../../entities/payment-attempt.js';
import { Slip, type SlipEntity } from '../../entities/slip.js';
import { ATTEMPT_TRANSITIONS, SLIP_TRANSITIONS, nextStatus } from '../../domain/status-transitions.js';
import type { Payments } from './payments.js';

/** Who reviews: the staff member's id, and their name from their token when it carries one. */
export interface Reviewer {
  id: string;
  name: string | null;
}

/** Staff's review of transfer slips (/admin/ordersConfirm): list, count, approve, reject. */
export class SlipReview {
  constructor(
    private readonly kit: Kit,
    private readonly payments: Payments,
    private readonly clock: () => Date,
  ) {}

  private row(s: SlipEntity, a: PaymentAttemptEntity): AdminSlipRow {
    return {
      ...this.payments.slipView(s),
      orderId: a.orderId,
      orderNo: a.orderNo,
      reference: a.reference,
      userId: a.userId,
      userEmail: a.userEmail ?? null,
      paymentType: a.paymentType as PaymentType,
      net: a.orderNet,
      period: a.installment ? a.period : null,
      reviewedBy: s.reviewedBy ?? null,
      reviewedByName: s.reviewedByName ?? null,
    };
  }

  private async rows(em: EntityManager, slips: SlipEntity[]): Promise<AdminSlipRow[]> {
    const attempts = await em.find(PaymentAttempt, {
      id: { $in: [...new Set(slips.map((s) => s.attemptId))] },
    });
    const byId = new Map(attempts.map((a) => [a.id, a]));
    return slips.map((s) => this.row(s, byId.get(s.attemptId)!));
  }

  /** Slips, oldest first (the queue order), optionally of one status. */
  async list(q: AdminSlipsQuery) {
    const em = this.kit.orm.em.fork();
    const [slips, total] = await em.findAndCount(Slip, q.status ? { status: q.status } : {}, {
      orderBy: { createdAt: 'asc', id: 'asc' },
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { items: await this.rows(em, slips), page: q.page, pageSize: q.pageSize, total };
  }

  async counts(): Promise<{ wait: number }> {
    return { wait: await this.kit.orm.em.fork().count(Slip, { status: 'wait' }) };
  }

  /** The slip and its attempt, both locked for the review. */
  private async locked(em: EntityManager, slipId: string) {
    const slip = await em.findOne(Slip, { id: slipId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!slip) throw new ProblemError('payments.slip_not_found');
    const attempt = await em.findOneOrFail(
      PaymentAttempt,
      { id: slip.attemptId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    return { slip, attempt };
  }

  private async reread(slipId: string): Promise<AdminSlipRow> {
    const em = this.kit.orm.em.fork();
    const slip = await em.findOneOrFail(Slip, { id: slipId });
    return (await this.rows(em, [slip]))[0]!;
  }

  private eventBase(s: SlipEntity, a: PaymentAttemptEntity) {
    return {
      slipId: s.id,
      attemptId: a.id,
      orderId: a.orderId,
      orderNo: a.orderNo,
      reference: a.reference,
      userId: a.userId,
      period: a.installment ? a.period : null,
      amount: s.amount,
    };
  }

  private reviewed(slip: SlipEntity, by: Reviewer, now: Date): void {
    slip.reviewedBy = by.id;
    slip.reviewedByName = by.name;
    slip.reviewedAt = now;
  }

  /**
   * Approves a waiting slip: the attempt is paid (finish) and `payments.payment.approved` is written
   * with it. Approving it again answers the same and writes nothing; a rejected slip → 409.
   */
  async approve(slipId: string, by: Reviewer): Promise<AdminSlipRow> {
    await this.kit.orm.em.fork().transactional(async (em) => {
      const { slip, attempt } = await this.locked(em, slipId);
      if (slip.status === 'approved') return;
      if (slip.status !== 'wait') throw new ProblemError('payments.slip_reviewed');
      // the order was cancelled (or paid otherwise) while the slip waited: nothing is due any more
      if (attempt.status !== 'wait') throw new ProblemError('payments.nothing_due');
      const now = this.clock();
      slip.status = nextStatus('slip', SLIP_TRANSITIONS, slip.status, 'approved');
      this.reviewed(slip, by, now);
      attempt.status = nextStatus('attempt', ATTEMPT_TRANSITIONS, attempt.status, 'finish');
      attempt.paidAt = now;
      attempt.paidMethod = 'slip';
      attempt.updatedAt = now;
      this.kit.outbox.add(em, PaymentApproved, {
        ...this.eventBase(slip, attempt),
        method: 'slip',
        approvedBy: by.id,
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
  async reject(slipId: string, by: Reviewer, note: string): Promise<AdminSlipRow> {
    await this.kit.orm.em.fork().transactional(async (em) => {
      const { slip, attempt } = await this.locked(em, slipId);
      if (slip.status === 'rejected') return;
      if (slip.status !== 'wait') throw new ProblemError('payments.slip_reviewed');
      const now = this.clock();
      slip.status = nextStatus('slip', SLIP_TRANSITIONS, slip.status, 'rejected');
      slip.note = note;
      this.reviewed(slip, by, now);
      // a cancelled order's attempt stays closed; only a waiting one goes back to waiting for a slip
      if (attempt.status === 'wait') {
        attempt.status = nextStatus('attempt', ATTEMPT_TRANSITIONS, attempt.status, 'create');
        attempt.updatedAt = now;
      }
      this.kit.outbox.add(em, PaymentRejected, {
        ...this.eventBase(slip, attempt),
        note,
        rejectedBy: by.id,
        rejectedAt: now.toISOString(),
        ...(attempt.userEmail ? { userEmail: attempt.userEmail } : {}),
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
