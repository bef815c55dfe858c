import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import QRCode from 'qrcode';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import type { PaymentType } from '@rian/proto-contracts/orders';
import {
  PaymentSucceeded,
  type CardForm,
  type PayMethod,
  type PayView,
  type QrPayment,
  type UnionPayRedirect,
} from '@rian/proto-contracts/payments';
import {
  cardFormFields,
  PAYMENT_STATUS_SUCCESS,
  responseSigned,
  CURRENCY_THB,
} from '../../domain/card-form.js';
import { kbankNoticeSigned, kbankProviderRef, type KbankNotice } from '../../domain/kbank-checksum.js';
import { payMethodsFor } from '@rian/proto-contracts/payment-types';
import type { AttemptRefs } from '../../domain/attempt-refs.js';
import { ATTEMPT_TRANSITIONS, SESSION_TRANSITIONS, nextStatus } from '../../domain/status-transitions.js';
import { PaymentAttempt, type PaymentAttemptEntity } from '../../entities/payment-attempt.js';
import { GatewaySession } from '../../entities/gateway-session.js';
import { promptPayPayload } from '../../domain/promptpay.js';
import { KbankClient } from '../../providers/kbank.js';
import type { Config } from '../../config.js';

export type Provider = '2c2p' | 'kbank';

/** What a provider's verified notification says about one of our sessions. */
interface Settlement {
  sessionId: string;
  provider: Provider;
  /** satang, as the provider notified it */
  amount: number;
  success: boolean;
  providerStatus: string;
  providerTransactionId: string;
  /**
   * the provider's reference the notice names (KBank: the charge or QR order), which must be the one
   * stored when the session was opened; null when the session id alone is the provider's key (2C2P)
   */
  providerRef: string | null;
}

/** The SPA page of each way to pay (spec 02 §2). */
export const PAY_PAGES: Record<PayMethod, string> = {
  card: '/creditCard',
  unionpay: '/creditCardSmatrPay',
  qr: '/qrPlayment',
};

/** 2C2P's order_id: at most 20 alphanumerics, unique per trip to the provider. */
const newSessionId = () => randomBytes(10).toString('hex');

/**
 * The payment pages behind the encrypted `{ref}` and the providers behind them: the 2C2P card form,
 * KBank's UnionPay charge and QR order, a local PromptPay QR, and the providers' signed
 * notifications, each settling an attempt at most once (`payments.payment.succeeded`).
 */
export class Gateways {
  readonly kbank: KbankClient;

  constructor(
    private readonly kit: Kit,
    private readonly config: Config,
    private readonly clock: () => Date,
    private readonly refs: AttemptRefs,
  ) {
    this.kbank = new KbankClient(
      {
        apiUrl: config.PAYMENTS_KBANK_API_URL,
        apiKey: config.PAYMENTS_KBANK_API_KEY,
        timeoutMs: config.PAYMENTS_PROVIDER_TIMEOUT_MS,
      },
      kit.logger,
    );
  }

  /** The attempt a ref names; anything else (tampered, foreign, unknown, amount changed) → 404. */
  private async attemptOf(em: EntityManager, ref: string): Promise<PaymentAttemptEntity> {
    const data = this.refs.open(ref);
    if (!data) throw new ProblemError('payments.ref_invalid');
    const a = await em.findOne(PaymentAttempt, {
      orderId: data.orderId,
      period: data.period ?? 1,
      installment: data.period !== null,
    });
    if (!a || a.amount !== data.amount) throw new ProblemError('payments.ref_invalid');
    return a;
  }

  /** Public (the ref is the capability): what the payment page shows, without personal data. */
  async payView(ref: string): Promise<PayView> {
    const a = await this.attemptOf(this.kit.orm.em.fork(), ref);
    return {
      orderNo: a.orderNo,
      reference: a.reference,
      paymentType: a.paymentType as PaymentType,
      period: a.installment ? a.period : null,
      amount: a.amount,
      status: a.status,
      methods: payMethodsFor(a.paymentType),
    };
  }

  /** An attempt still waiting to be paid that may be paid by `method`; else 409. */
  private async payable(ref: string, method: PayMethod): Promise<PaymentAttemptEntity> {
    const a = await this.attemptOf(this.kit.orm.em.fork(), ref);
    if (!payMethodsFor(a.paymentType).includes(method)) throw new ProblemError('payments.method_not_allowed');
    // wait: a transfer slip of this attempt is with staff; QR may still show (the slip may be wrong)
    if (a.status !== 'create' && !(method === 'qr' && a.status === 'wait')) {
      throw new ProblemError('payments.nothing_due');
    }
    return a;
  }

  private async openSession(
    a: PaymentAttemptEntity,
    method: PayMethod,
    provider: Provider,
    sessionId = newSessionId(),
    providerRef: string | null = null,
  ): Promise<string> {
    const em = this.kit.orm.em.fork();
    const now = this.clock();
    em.create(GatewaySession, {
      id: sessionId,
      attemptId: a.id,
      orderId: a.orderId,
      provider,
      method,
      amount: a.amount,
      status: 'open',
      providerRef,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return sessionId;
  }

  private description(a: PaymentAttemptEntity): string {
    const period = a.installment ? ` งวดที่ ${a.period}` : '';
    return `Rian ${a.reference}${period}`;
  }

  /**
   * The hidden form of 2C2P's redirect API 8.5 for the amount due: the page posts it to the provider,
   * which sends the browser back to `/pay/{ref}/return` and its signed result to `/callbacks/2c2p`.
   */
  async cardForm(ref: string, lang: 'th' | 'en'): Promise<CardForm> {
    const a = await this.payable(ref, 'card');
    const sessionId = await this.openSession(a, 'card', '2c2p');
    const base = this.config.PAYMENTS_CALLBACK_BASE_URL.replace(/\/+$/, '');
    return {
      action: this.config.PAYMENTS_CARD_FORM_URL,
      method: 'POST',
      fields: cardFormFields({
        merchantId: this.config.PAYMENTS_CARD_MERCHANT_ID,
        secret: this.config.PAYMENTS_CARD_SECRET,
        orderId: sessionId,
        description: this.description(a),
        amount: a.amount,
        returnUrl: `${base}/pay/${ref}/return`,
        notifyUrl: `${base}/callbacks/2c2p`,
        lang,
        reference: a.reference,
      }),
    };
  }

  /** A UnionPay charge at KBank: the browser goes to the address the provider returns. */
  async unionPay(ref: string): Promise<UnionPayRedirect> {
    const a = await this.payable(ref, 'unionpay');
    const sessionId = newSessionId();
    const charge = await this.kbank.unionPayCharge({
      amount: a.amount / 100,
      currency: 'THB',
      description: this.description(a),
      reference_order: sessionId,
    });
    await this.openSession(a, 'unionpay', 'kbank', sessionId, charge.id);
    return { redirectUrl: charge.redirectUrl };
  }

  /**
   * A PromptPay QR for the amount due, made here. The provider is told of it too (a KBank QR order
   * whose notification settles the attempt); when the provider is down the QR still shows and the
   * buyer's slip goes to staff review instead.
   */
  async qr(ref: string): Promise<QrPayment> {
    const a = await this.payable(ref, 'qr');
    const amount = a.amount;
    const payload = promptPayPayload(this.config.PAYMENTS_PROMPTPAY_ID, amount);
    const image = `data:image/svg+xml;base64,${Buffer.from(
      await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    ).toString('base64')}`;
    // one provider order per attempt while it is open: reloading the page does not make another
    const open = await this.kit.orm.em
      .fork()
      .findOne(
        GatewaySession,
        { attemptId: a.id, method: 'qr', status: 'open', providerRef: { $ne: null }, amount },
        { orderBy: { createdAt: 'desc' } },
      );
    let providerOrderId = open?.providerRef ?? null;
    if (!providerOrderId) {
      const sessionId = newSessionId();
      try {
        const order = await this.kbank.qrOrder({
          amount: amount / 100,
          currency: 'THB',
          description: this.description(a),
          reference_order: sessionId,
        });
        await this.openSession(a, 'qr', 'kbank', sessionId, order.id);
        providerOrderId = order.id;
      } catch (err) {
        if (!(err instanceof ProblemError)) throw err;
        this.kit.logger.warn({ attemptId: a.id }, 'QR shown without a provider order (slip review only)');
      }
    }
    return { amount, payload, image, providerOrderId };
  }

  /** Where the browser goes back to after the provider's page, by our session id. */
  async returnPage(sessionId: string): Promise<string> {
    const em = this.kit.orm.em.fork();
    const session = sessionId ? await em.findOne(GatewaySession, { id: sessionId }) : null;
    const a = session ? await em.findOne(PaymentAttempt, { id: session.attemptId }) : null;
    if (!session || !a) return '/orders';
    return `${PAY_PAGES[session.method]}/${this.refs.of(a)}?back=1`;
  }

  /**
   * 2C2P's backend notification (form fields): signed with our secret key, for our merchant, in THB.
   * Returns nothing; throws a 4xx problem for anything forged.
   */
  async card2c2pNotified(fields: Record<string, string>): Promise<void> {
    if (!responseSigned(fields, this.config.PAYMENTS_CARD_SECRET)) {
      this.kit.logger.warn({ orderId: fields.order_id }, '2C2P notification with a wrong hash_value');
      throw new ProblemError('payments.callback_signature');
    }
    if (fields.merchant_id !== this.config.PAYMENTS_CARD_MERCHANT_ID)
      throw new ProblemError('payments.callback_signature');
    if (fields.currency !== CURRENCY_THB || !/^\d{12}$/.test(fields.amount ?? '')) {
      throw new ProblemError('payments.callback_amount');
    }
    await this.settle({
      sessionId: fields.order_id ?? '',
      provider: '2c2p',
      amount: Number(fields.amount),
      success: fields.payment_status === PAYMENT_STATUS_SUCCESS,
      providerStatus: String(fields.payment_status ?? ''),
      providerTransactionId: fields.transaction_ref || fields.order_id || '',
      providerRef: null,
    });
  }

  /** KBank's notification (JSON, UnionPay charge or QR payment), checked by its checksum. */
  async kbankNotified(body: Record<string, unknown>): Promise<void> {
    const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
    const notice: KbankNotice = {
      id: text(body.id),
      amount: typeof body.amount === 'number' ? body.amount : Number(body.amount),
      currency: text(body.currency),
      status: text(body.status),
      transaction_state: text(body.transaction_state),
      reference_order: text(body.reference_order),
      ...(body.order_id === undefined ? {} : { order_id: text(body.order_id) }),
    };
    if (
      !Number.isFinite(notice.amount) ||
      !kbankNoticeSigned(notice, body.checksum, this.config.PAYMENTS_KBANK_API_KEY)
    ) {
      this.kit.logger.warn(
        { id: notice.id, referenceOrder: notice.reference_order },
        'KBank notification with a wrong checksum',
      );
      throw new ProblemError('payments.callback_signature');
    }
    if (notice.currency !== 'THB') throw new ProblemError('payments.callback_amount');
    await this.settle({
      sessionId: notice.reference_order,
      provider: 'kbank',
      amount: Math.round(notice.amount * 100),
      success: notice.status === 'success' && notice.transaction_state === 'Authorized',
      providerStatus: `${notice.status}/${notice.transaction_state}`,
      providerTransactionId: notice.id,
      providerRef: kbankProviderRef(notice),
    });
  }

  /**
   * Applies a verified notification once: the session and its attempt are locked; an amount that is
   * not exactly what is due is refused; a paid session again (a replay) changes nothing; a success
   * marks the session paid, the attempt finish and writes `payments.payment.succeeded` — one
   * transaction, so one event whatever the number of deliveries.
   */
  private async settle(s: Settlement): Promise<void> {
    await this.kit.orm.em.fork().transactional(async (em) => {
      const session = await em.findOne(
        GatewaySession,
        { id: s.sessionId, provider: s.provider },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!session) throw new ProblemError('payments.callback_unknown');
      // a notice settles only the session whose provider reference it names (issue 11 §3)
      if (s.providerRef !== null && session.providerRef !== s.providerRef) {
        this.kit.logger.warn(
          { sessionId: s.sessionId, stored: session.providerRef, notified: s.providerRef },
          'provider notice names another provider reference than its session: refused',
        );
        throw new ProblemError('payments.callback_unknown');
      }
      const a = await em.findOne(
        PaymentAttempt,
        { id: session.attemptId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!a || s.amount !== session.amount || s.amount !== a.amount) {
        this.kit.logger.warn(
          { sessionId: s.sessionId, notified: s.amount },
          'notified amount is not the amount due',
        );
        throw new ProblemError('payments.callback_amount');
      }
      if (session.status === 'paid') return; // a replay
      const now = this.clock();
      session.providerStatus = s.providerStatus;
      session.updatedAt = now;
      if (!s.success) {
        if (session.status !== 'failed') {
          session.status = nextStatus('session', SESSION_TRANSITIONS, session.status, 'failed');
        }
        return;
      }
      session.status = nextStatus('session', SESSION_TRANSITIONS, session.status, 'paid');
      session.providerRef ??= s.providerTransactionId;
      session.paidAt = now;
      if (a.status === 'finish' || a.status === 'not') {
        // paid twice, or paid after the order was cancelled: money to give back, nothing to grant
        this.kit.logger.error(
          { sessionId: s.sessionId, attemptId: a.id, attemptStatus: a.status },
          'provider payment for an attempt that is not due: refund it',
        );
        return;
      }
      a.status = nextStatus('attempt', ATTEMPT_TRANSITIONS, a.status, 'finish');
      a.paidAt = now;
      a.paidMethod = session.method;
      a.updatedAt = now;
      this.kit.outbox.add(em, PaymentSucceeded, {
        attemptId: a.id,
        orderId: a.orderId,
        orderNo: a.orderNo,
        reference: a.reference,
        userId: a.userId,
        period: a.installment ? a.period : null,
        amount: a.amount,
        method: session.method,
        provider: s.provider,
        sessionId: s.sessionId,
        providerTransactionId: s.providerTransactionId,
        succeededAt: now.toISOString(),
      });
      await em.flush();
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    gateways: Gateways;
  }
}

export default fp<{ config: Config; refs: AttemptRefs; clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('gateways', new Gateways(app.kit, opts.config, opts.clock ?? (() => new Date()), opts.refs));
  },
  { name: 'gateways' },
);
