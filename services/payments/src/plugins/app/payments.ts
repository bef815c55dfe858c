import fp from 'fastify-plugin';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { ProblemError, fieldError, validationProblem } from '@rian/kit/errors';
import { IMAGE_CONTENT_TYPE, IMAGE_EXTENSION } from '@rian/kit/image-content';
import { checkedSlipImage } from '@rian/kit/slip-image';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { PaymentType } from '@rian/proto-contracts/orders';
import { payMethodsFor, paysBySlip } from '@rian/proto-contracts/payment-types';
import {
  SlipSubmitted,
  type OrderPaymentsView,
  type PaymentAttemptView,
  type SlipView,
} from '@rian/proto-contracts/payments';
import { PaymentAttempt, type PaymentAttemptEntity } from '../../entities/payment-attempt.js';
import { Slip, type SlipEntity } from '../../entities/slip.js';
import { checkSlipFields } from '../../domain/slip-fields.js';
import { signSlipUrl, slipUrlValid } from '../../domain/slip-url.js';
import { ATTEMPT_TRANSITIONS, nextStatus } from '../../domain/status-transitions.js';
import type { AttemptRefs } from '../../domain/attempt-refs.js';
import { openPrivateFiles, type PrivateFiles } from '@rian/kit/private-files';
import type { Config } from '../../config.js';
import { DecodeSlots, MemberUploadLimit } from './slip-upload-limits.js';

export const iso = (v: Date | null) => (v == null ? null : v.toISOString());
/** a `date` column as yyyy-mm-dd, whichever way the driver hands it over */
export const day = (v: string | Date | null) =>
  v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

export interface SlipUpload {
  fields: Record<string, string | undefined>;
  file: Buffer | undefined;
}

/** The open attempt a slip would pay (the lowest period not yet paid), or why there is none. */
function openAttempt(attempts: PaymentAttemptEntity[]): PaymentAttemptEntity {
  const open = attempts.find((a) => a.status === 'create' || a.status === 'wait');
  if (!open) throw new ProblemError('payments.nothing_due');
  if (open.status === 'wait') throw new ProblemError('payments.slip_waiting');
  return open;
}

/** The buyer's side: what is due on an order, slip upload, signed slip images. */
export class Payments {
  readonly store: PrivateFiles;
  readonly decodes: DecodeSlots;
  private readonly uploads: MemberUploadLimit;

  constructor(
    private readonly kit: Kit,
    private readonly config: Config,
    private readonly clock: () => Date,
    private readonly refs: AttemptRefs,
  ) {
    this.store = openPrivateFiles(config, config.PAYMENTS_SLIP_DIR, 'payments/slips/');
    this.decodes = new DecodeSlots(
      config.PAYMENTS_SLIP_DECODES,
      config.PAYMENTS_SLIP_DECODE_QUEUE,
      config.PAYMENTS_SLIP_DECODE_WAIT_MS,
    );
    this.uploads = new MemberUploadLimit(
      kit.redis,
      kit.logger,
      config.PAYMENTS_SLIP_UPLOADS_PER_WINDOW,
      config.PAYMENTS_SLIP_UPLOAD_WINDOW_SECONDS,
    );
  }

  /** A signed address of a slip's image, for its owner or staff. */
  slipUrl(slipId: string): { url: string; urlExpiresAt: string } {
    const { url, expiresAt } = signSlipUrl(this.config.PAYMENTS_PUBLIC_URL, slipId, {
      secret: this.config.PAYMENTS_URL_SECRET,
      ttlSeconds: this.config.PAYMENTS_URL_TTL_SECONDS,
      now: this.clock(),
    });
    return { url, urlExpiresAt: expiresAt.toISOString() };
  }

  slipView(s: SlipEntity): SlipView {
    return {
      id: s.id,
      status: s.status,
      paymentDate: day(s.paymentDate)!,
      paymentTime: s.paymentTime,
      amount: s.amount,
      note: s.note ?? null,
      ...this.slipUrl(s.id),
      createdAt: s.createdAt.toISOString(),
      reviewedAt: iso(s.reviewedAt ?? null),
    };
  }

  private attemptsOf(em: EntityManager, orderId: string, lock = false): Promise<PaymentAttemptEntity[]> {
    return em.find(
      PaymentAttempt,
      { orderId },
      { orderBy: { period: 'asc' }, ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) },
    );
  }

  /** The order's attempts and slips: its buyer's, or anyone's for staff; otherwise not found. */
  async view(principal: Principal, orderId: string): Promise<OrderPaymentsView> {
    const em = this.kit.orm.em.fork();
    const attempts = await this.attemptsOf(em, orderId);
    const first = attempts[0];
    if (!first || (principal.kind !== 'staff' && first.userId !== principal.sub)) {
      throw new ProblemError('payments.order_not_found');
    }
    const slips = await em.find(Slip, { orderId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return {
      orderId,
      orderNo: first.orderNo,
      reference: first.reference,
      paymentType: first.paymentType as PaymentType,
      net: first.orderNet,
      attempts: attempts.map((a): PaymentAttemptView => ({
        id: a.id,
        period: a.installment ? a.period : null,
        dueDate: day(a.dueDate ?? null),
        amount: a.amount,
        status: a.status,
        paidAt: iso(a.paidAt ?? null),
        slips: slips.filter((s) => s.attemptId === a.id).map((s) => this.slipView(s)),
        // the payment pages' ref, for the buyer only and while the attempt waits to be paid
        ...(principal.kind !== 'staff' && a.status === 'create' && payMethodsFor(a.paymentType).length
          ? { ref: this.refs.of(a) }
          : {}),
      })),
    };
  }

  /**
   * Counts one slip upload against the member's allowance (before the body is read): beyond it,
   * 429 `payments.slip_rate_limited`.
   */
  admitUpload(principal: Principal): Promise<void> {
    return this.uploads.admit(principal.sub);
  }

  /**
   * A transfer slip from the order's buyer, for the next amount due (the lowest instalment not yet
   * paid). Cheap checks first — the buyer, the fields, the payment type, the state (a slip already
   * waiting, nothing due), the format and the size the header declares — and only then the decode,
   * in one of the process's few decode slots. The image is re-encoded without metadata and kept
   * privately; the attempt waits for staff (status wait) and `payments.slip.submitted` is written in
   * the same transaction.
   */
  async submitSlip(principal: Principal, orderId: string, upload: SlipUpload): Promise<OrderPaymentsView> {
    const attempts = await this.attemptsOf(this.kit.orm.em.fork(), orderId);
    if (!attempts.length || attempts[0]!.userId !== principal.sub) {
      throw new ProblemError('payments.order_not_found');
    }
    const problems = checkSlipFields(upload.fields).map((p) => fieldError(p.field, p.code));
    if (!upload.file?.length) problems.unshift(fieldError('slip', 'payments.slip_required'));
    if (problems.length) throw validationProblem(problems);
    if (!paysBySlip(attempts[0]!.paymentType)) throw new ProblemError('payments.slip_not_allowed');
    openAttempt(attempts);

    const file = upload.file!;
    const { format, image } = await checkedSlipImage(file, {
      decodes: this.decodes,
      maxDimension: this.config.PAYMENTS_SLIP_MAX_DIMENSION,
      maxPixels: this.config.PAYMENTS_SLIP_MAX_PIXELS,
      typeError: 'payments.slip_type',
    });

    const slipId = uuidv7();
    const fileName = `${slipId}.${IMAGE_EXTENSION[format]}`;
    // bytes first: a crash before the commit leaves an unlisted file, never a slip without an image
    await this.store.put(fileName, image.data);
    try {
      await this.kit.orm.em.fork().transactional(async (em) => {
        // again under the lock: another upload may have won the race while this one decoded
        const open = openAttempt(await this.attemptsOf(em, orderId, true));
        const now = this.clock();
        const paymentDate = upload.fields.paymentDate!.trim();
        const paymentTime = upload.fields.paymentTime!.trim();
        em.create(Slip, {
          id: slipId,
          attemptId: open.id,
          orderId,
          userId: principal.sub,
          amount: open.amount,
          paymentDate,
          paymentTime,
          fileName,
          contentType: IMAGE_CONTENT_TYPE[format],
          bytes: image.data.length,
          status: 'wait',
          createdAt: now,
        });
        open.status = nextStatus('attempt', ATTEMPT_TRANSITIONS, open.status, 'wait');
        open.updatedAt = now;
        this.kit.outbox.add(em, SlipSubmitted, {
          slipId,
          attemptId: open.id,
          orderId,
          orderNo: open.orderNo,
          reference: open.reference,
          userId: principal.sub,
          period: open.installment ? open.period : null,
          amount: open.amount,
          paymentDate,
          paymentTime,
          submittedAt: now.toISOString(),
        });
        await em.flush();
      });
    } catch (err) {
      await this.store.remove(fileName).catch(() => undefined);
      throw err;
    }
    return this.view(principal, orderId);
  }

  /** A slip's image, when `exp` and `sig` make a valid, unexpired signed URL for it. */
  async slipImage(slipId: string, exp: number, sig: string) {
    if (!slipUrlValid(slipId, exp, sig, { secret: this.config.PAYMENTS_URL_SECRET, now: this.clock() })) {
      throw new ProblemError('payments.link_invalid');
    }
    const slip = await this.kit.orm.em.fork().findOne(Slip, { id: slipId });
    const file = slip ? await this.store.open(slip.fileName) : undefined;
    if (!slip || !file) throw new ProblemError('payments.slip_not_found');
    return { ...file, contentType: slip.contentType };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export default fp<{ config: Config; refs: AttemptRefs; clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('payments', new Payments(app.kit, opts.config, opts.clock ?? (() => new Date()), opts.refs));
  },
  { name: 'payments' },
);
