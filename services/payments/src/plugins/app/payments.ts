import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { ProblemError, fieldError, validationProblem } from '@rian/kit/errors';
import {
  IMAGE_CONTENT_TYPE,
  IMAGE_EXTENSION,
  ImageContentError,
  reencodeImage,
  sniffImageFormat,
  type ImageFormat,
} from '@rian/kit/image-content';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { PaymentType } from '@rian/proto-contracts/orders';
import {
  SlipSubmitted,
  type AttemptStatus,
  type OrderPaymentsView,
  type PaymentAttemptView,
  type SlipStatus,
  type SlipView,
} from '@rian/proto-contracts/payments';
import { checkSlipFields } from '../../domain/slip-fields.js';
import { signSlipUrl, slipUrlValid } from '../../domain/slip-url.js';
import { SlipStore } from '../../storage/slip-store.js';
import type { Config } from '../../config.js';
import { payMethodsFor } from '../../domain/pay-methods.js';
import type { Gateways } from './gateways.js';

/** Payment types paid by a bank-transfer slip: 4 transfer, 8 instalments. */
export const SLIP_PAYMENT_TYPES: readonly number[] = [4, 8];
const SLIP_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'gif'];

export type Row = Record<string, unknown>;
export const num = (v: unknown) => Number(v);
export const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const day = (v: unknown) =>
  v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

export interface SlipUpload {
  fields: Record<string, string | undefined>;
  file: Buffer | undefined;
}

/** The buyer's side: what is due on an order, slip upload, signed slip images. */
export class Payments {
  readonly store: SlipStore;

  constructor(
    private readonly kit: Kit,
    private readonly config: Config,
    private readonly clock: () => Date,
    private readonly gateways: Gateways,
  ) {
    this.store = new SlipStore(config.PAYMENTS_SLIP_DIR);
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

  slipView(r: Row): SlipView {
    return {
      id: String(r.slip_id),
      status: r.slip_status as SlipStatus,
      paymentDate: day(r.payment_date)!,
      paymentTime: String(r.payment_time),
      amount: num(r.slip_amount),
      note: (r.note as string | null) ?? null,
      ...this.slipUrl(String(r.slip_id)),
      createdAt: iso(r.slip_created_at)!,
      reviewedAt: iso(r.reviewed_at),
    };
  }

  private async attemptsOf(em: EntityManager, orderId: string): Promise<Row[]> {
    return (await em.execute(`select * from payment_attempts where order_id = ? order by period`, [
      orderId,
    ])) as Row[];
  }

  /** The order's attempts and slips: its buyer's, or anyone's for staff; otherwise not found. */
  async view(principal: Principal, orderId: string): Promise<OrderPaymentsView> {
    const em = this.kit.orm.em.fork();
    const attempts = await this.attemptsOf(em, orderId);
    const first = attempts[0];
    if (!first || (principal.kind !== 'staff' && String(first.user_id) !== principal.sub)) {
      throw new ProblemError('payments.order_not_found');
    }
    const slips = (await em.execute(
      `select slip_id, attempt_id, status as slip_status, payment_date, payment_time, amount as slip_amount,
              note, created_at as slip_created_at, reviewed_at
         from slips where order_id = ? order by created_at desc, slip_id desc`,
      [orderId],
    )) as Row[];
    return {
      orderId,
      orderNo: num(first.order_no),
      reference: String(first.reference),
      paymentType: num(first.payment_type) as PaymentType,
      net: num(first.order_net),
      attempts: attempts.map((a): PaymentAttemptView => ({
        id: String(a.attempt_id),
        period: a.installment ? num(a.period) : null,
        dueDate: day(a.due_date),
        amount: num(a.amount),
        status: a.status as AttemptStatus,
        paidAt: iso(a.paid_at),
        slips: slips.filter((s) => s.attempt_id === a.attempt_id).map((s) => this.slipView(s)),
        // the payment pages' ref, for the buyer only and while the attempt waits to be paid
        ...(principal.kind !== 'staff' && a.status === 'create' && payMethodsFor(num(a.payment_type)).length
          ? { ref: this.gateways.refOf(a) }
          : {}),
      })),
    };
  }

  /**
   * A transfer slip from the order's buyer, for the next amount due (the lowest instalment not yet
   * paid). The image is checked by content (png, gif or jpeg), re-encoded without metadata and kept
   * privately; the attempt waits for staff (status wait) and `payments.slip.submitted` is written
   * in the same transaction.
   */
  async submitSlip(principal: Principal, orderId: string, upload: SlipUpload): Promise<OrderPaymentsView> {
    const attempts = await this.attemptsOf(this.kit.orm.em.fork(), orderId);
    if (!attempts.length || String(attempts[0]!.user_id) !== principal.sub) {
      throw new ProblemError('payments.order_not_found');
    }
    const problems = checkSlipFields(upload.fields).map((p) => fieldError(p.field, p.code));
    if (!upload.file?.length) problems.unshift(fieldError('slip', 'payments.slip_required'));
    if (problems.length) throw validationProblem(problems);
    if (!SLIP_PAYMENT_TYPES.includes(num(attempts[0]!.payment_type))) {
      throw new ProblemError('payments.slip_not_allowed');
    }

    const format = sniffImageFormat(upload.file!);
    if (!format || !SLIP_FORMATS.includes(format)) throw new ProblemError('payments.slip_type');
    let image;
    try {
      image = await reencodeImage(upload.file!, format, {
        maxDimension: this.config.PAYMENTS_SLIP_MAX_DIMENSION,
        maxPixels: this.config.PAYMENTS_SLIP_MAX_PIXELS,
      });
    } catch (err) {
      if (!(err instanceof ImageContentError)) throw err;
      if (err.reason === 'too_many_pixels') throw new ProblemError('media.image_too_many_pixels');
      if (err.reason === 'unsupported') throw new ProblemError('payments.slip_type');
      throw new ProblemError('media.image_unreadable');
    }

    const slipId = uuidv7();
    const fileName = `${slipId}.${IMAGE_EXTENSION[format]}`;
    // bytes first: a crash before the commit leaves an unlisted file, never a slip without an image
    await this.store.put(fileName, image.data);
    try {
      await this.kit.orm.em.fork().transactional(async (em) => {
        const locked = (await em.execute(
          `select * from payment_attempts where order_id = ? order by period for update`,
          [orderId],
        )) as Row[];
        const open = locked.find((a) => a.status === 'create' || a.status === 'wait');
        if (!open) throw new ProblemError('payments.nothing_due');
        if (open.status === 'wait') throw new ProblemError('payments.slip_waiting');
        const now = this.clock();
        const paymentDate = upload.fields.paymentDate!.trim();
        const paymentTime = upload.fields.paymentTime!.trim();
        await em.execute(
          `insert into slips (slip_id, attempt_id, order_id, user_id, amount, payment_date, payment_time,
                              file_name, content_type, bytes, status, created_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'wait', ?)`,
          [
            slipId,
            open.attempt_id,
            orderId,
            principal.sub,
            num(open.amount),
            paymentDate,
            paymentTime,
            fileName,
            IMAGE_CONTENT_TYPE[format],
            image.data.length,
            now,
          ] as never[],
        );
        await em.execute(`update payment_attempts set status = 'wait', updated_at = ? where attempt_id = ?`, [
          now,
          open.attempt_id,
        ] as never[]);
        this.kit.outbox.add(em, SlipSubmitted, {
          slipId,
          attemptId: String(open.attempt_id),
          orderId,
          orderNo: num(open.order_no),
          reference: String(open.reference),
          userId: principal.sub,
          period: open.installment ? num(open.period) : null,
          amount: num(open.amount),
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
    const [row] = (await this.kit.orm.em
      .fork()
      .execute(`select file_name, content_type from slips where slip_id = ?`, [slipId])) as Row[];
    const file = row ? await this.store.open(String(row.file_name)) : undefined;
    if (!row || !file) throw new ProblemError('payments.slip_not_found');
    return { ...file, contentType: String(row.content_type) };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export default fp<{ config: Config; clock?: () => Date }>(
  async (app, opts) => {
    app.decorate(
      'payments',
      new Payments(app.kit, opts.config, opts.clock ?? (() => new Date()), app.gateways),
    );
  },
  { name: 'payments', dependencies: ['gateways'] },
);
