import { LockMode, type InferEntity } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@rian/kit/db';
import type { Outbox } from '@rian/kit/outbox';
import type { Logger } from '@rian/kit/logger';
import { BreakerOpenError } from '@rian/kit/breaker';
import { PassLoop } from '@rian/kit/pass-loop';
import { DeliveryFailed } from '@rian/proto-contracts/notifications';
import { Delivery } from '../../entities/delivery.js';
import { afterFailedAttempt } from '../../domain/retry.js';
import { isRecipientRejected, type MailTransport } from './mail-transport.js';
import { ChatRejectedError, type ChatTransport } from './chat-transport.js';
import { loadChatImage } from './order-image.js';
import type { MemberLineTransport } from './member-line-transport.js';
import { isMemberLineTemplate } from '../../domain/line-templates.js';

export interface DeliverySenderOptions {
  orm: MikroORM;
  outbox: Outbox;
  logger: Logger;
  /** none: deliveries are only kept in the log (status `logged`) */
  transport: MailTransport | undefined;
  /** LINE / Telegram deliveries; none: they are only kept in the log (status `logged`) */
  chat?: ChatTransport | undefined;
  /**
   * Members' LINE pushes (templates `line.*`, issue 20): the members' official account, apart from
   * the staff chat's; none: such rows are only kept in the log (status `logged`).
   */
  memberLine?: MemberLineTransport | undefined;
  /**
   * The public HTTPS address of a chat image (LINE fetches it); undefined when none is configured
   * (LINE then gets the text only, Telegram still the uploaded picture).
   */
  chatImageUrl?: (imageId: string) => string | undefined;
  maxAttempts: number;
  retryBaseMs: number;
  /** how often due deliveries are looked for */
  pollMs?: number;
  /** most deliveries handled in one pass before yielding */
  batchSize?: number;
}

type Outcome = 'none' | 'done' | 'paused';

/**
 * Sends pending deliveries. Each one is claimed with `for update skip locked` in its own
 * transaction, sent, and its outcome (sent / logged / retry later / failed + DeliveryFailed in the
 * outbox) committed in that same transaction, so replicas never send a row at the same time and a
 * crash before commit leaves it pending to be tried again (at least once, never lost).
 */
export class DeliverySender {
  private pausedUntil = 0;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly log: Logger;

  constructor(private readonly opts: DeliverySenderOptions) {
    this.pollMs = opts.pollMs ?? 300;
    this.batchSize = opts.batchSize ?? 20;
    this.log = opts.logger.child({ worker: 'delivery-sender' });
    this.loop = new PassLoop({
      name: 'delivery',
      logger: this.log,
      // after a full batch at once, else the poll — and never while a breaker holds every send back
      pass: async () =>
        Math.max((await this.runOnce()) >= this.batchSize ? 0 : this.pollMs, this.pausedUntil - Date.now()),
      retryMs: () => Math.max(this.pollMs, this.pausedUntil - Date.now()),
    });
  }

  private readonly loop: PassLoop;

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.opts.transport?.close();
    this.opts.chat?.close();
    this.opts.memberLine?.close();
  }

  /** Handles due deliveries until none is left or a batch is done. Returns how many were handled. */
  async runOnce(): Promise<number> {
    let handled = 0;
    while (handled < this.batchSize && !this.loop.stopped && Date.now() >= this.pausedUntil) {
      const outcome = await this.handleNext();
      if (outcome !== 'done') break;
      handled++;
    }
    return handled;
  }

  private async handleNext(): Promise<Outcome> {
    const em = this.opts.orm.em.fork();
    return em.transactional(async (tem): Promise<Outcome> => {
      const d = await tem.findOne(
        Delivery,
        { status: 'pending', nextAttemptAt: { $lte: new Date() } },
        { orderBy: { nextAttemptAt: 'asc', id: 'asc' }, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      if (!d) return 'none';
      const log = this.log.child({ deliveryId: d.id, template: d.template, eventId: d.eventId });
      const send = this.senderFor(d, tem);
      if (!send) {
        d.status = 'logged';
        log.info(
          { to: d.to, channel: d.channel },
          'no transport configured; message kept in the delivery log',
        );
        return 'done';
      }
      try {
        await send();
      } catch (err) {
        if (err instanceof BreakerOpenError) {
          // nothing was tried: keep the attempt and wait for the breaker to let a trial through
          this.pausedUntil = Date.now() + 1_000;
          return 'paused';
        }
        const message = String((err as Error)?.message ?? err).slice(0, 1000);
        d.attempts += 1;
        d.error = message;
        const next = afterFailedAttempt(
          d.attempts,
          this.opts.maxAttempts,
          this.opts.retryBaseMs,
          isRecipientRejected(err) || err instanceof ChatRejectedError,
        );
        if (next.status === 'failed') {
          d.status = 'failed';
          this.opts.outbox.add(tem, DeliveryFailed, {
            deliveryId: d.id,
            channel: d.channel,
            to: d.to,
            template: d.template,
            error: message,
            attempts: d.attempts,
          });
          log.error({ err, attempts: d.attempts }, 'delivery failed for good');
        } else {
          d.nextAttemptAt = new Date(Date.now() + next.retryInMs);
          log.warn({ err, attempts: d.attempts, retryInMs: next.retryInMs }, 'delivery failed; will retry');
        }
        return 'done';
      }
      d.attempts += 1;
      d.status = 'sent';
      d.sentAt = new Date();
      d.error = null;
      log.info({ attempts: d.attempts, channel: d.channel }, 'delivery sent');
      return 'done';
    });
  }

  /** How this delivery goes out, or undefined when its channel has no transport configured. */
  private senderFor(d: InferEntity<typeof Delivery>, em: EntityManager): (() => Promise<void>) | undefined {
    if (d.channel === 'email') {
      const transport = this.opts.transport;
      if (!transport) return undefined;
      return () =>
        transport.send({
          messageId: `<${d.id}@rian.deliveries>`,
          to: d.to,
          subject: d.subject,
          text: d.text,
          html: d.html ?? null,
          headers: { 'X-Rian-Delivery-Id': d.id },
        });
    }
    if (d.channel === 'line' && isMemberLineTemplate(d.template)) {
      const memberLine = this.opts.memberLine;
      if (!memberLine) return undefined;
      // the delivery's id is the retry key: a retry (or a staff resend) of a push LINE already took sends nothing twice
      return () => memberLine.send({ to: d.to, text: d.text, retryKey: d.id });
    }
    const chat = this.opts.chat;
    if (!chat) return undefined;
    const channel = d.channel;
    const imageId = d.imageId;
    return async () => {
      const png = imageId ? await loadChatImage(em, imageId) : undefined;
      // a picture gone (kept CHAT_IMAGE_KEEP_DAYS) still leaves the text to send
      const image = png && imageId ? { png, url: this.opts.chatImageUrl?.(imageId) } : undefined;
      await chat.send({ channel, to: d.to, text: d.text, ...(image ? { image } : {}) });
    };
  }
}
