import type { NatsConnection } from '@nats-io/transport-node';
import { nanos } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  EventValidationError,
  isEnvelope,
  validateEvent,
  type Envelope,
  type EventContract,
  type EventData,
} from '@rian/proto-contracts/envelope';
import { runWithContext } from './context.js';
import { inEventSpan } from './tracing.js';
import { PermanentError } from './errors.js';
import { ensureStream, type BusNames } from './nats.js';
import type { Logger } from './logger.js';

export interface HandlerContext {
  /** transactional entity manager: the inbox row and the handler's writes commit together */
  em: EntityManager;
  logger: Logger;
  deliveryCount: number;
}

export type Handler<C extends EventContract> = (
  event: Envelope<EventData<C>>,
  ctx: HandlerContext,
) => Promise<void>;

export interface ConsumerSpec<C extends EventContract = EventContract> {
  contract: C;
  handler: Handler<C>;
  /** older versions this handler still accepts (same type) */
  alsoAccepts?: EventContract[];
  maxDeliver?: number;
  /**
   * Runs after the handler's transaction committed (not for a duplicate skipped by the inbox), e.g.
   * to announce a changed count on a live subject. Must not throw; errors are logged.
   */
  afterCommit?: (event: Envelope<EventData<C>>) => void | Promise<void>;
  /** delays (ms) between redeliveries after a retryable failure; the last repeats */
  backoffMs?: number[];
  ackWaitMs?: number;
}

export interface ConsumerOptions {
  orm: MikroORM;
  nats: () => NatsConnection | undefined;
  names: BusNames;
  /** the consuming service: durable = `<service>--<subject>` */
  service: string;
  logger: Logger;
  /** counts each finished delivery by outcome (metrics.ts) */
  metrics?: {
    consumed(
      consumer: string,
      outcome: 'handled' | 'duplicate' | 'retry' | 'dead_letter',
      deliveryCount?: number,
    ): void;
  };
}

const DEFAULT_BACKOFF = [1_000, 5_000, 15_000, 60_000];

/** Durable name of a consumer: `<consumer-service>--<subject with dots as underscores>`. */
export function durableName(service: string, type: string): string {
  return `${service}--${type}`.replace(/[.*>]/g, '_');
}

/**
 * A durable pull consumer with an inbox. Each message runs its handler inside a transaction that
 * first inserts (event id, consumer) into kit_inbox: a duplicate is acked without running again.
 * RetryableError (or any unknown error) → nak with a delay; PermanentError or a bad event → dead
 * letter + term; the last allowed delivery that still fails → dead letter + term. Never acks a failure.
 */
export class EventConsumer<C extends EventContract = EventContract> {
  private messages: ConsumerMessages | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;
  readonly durable: string;
  private readonly maxDeliver: number;
  private readonly backoff: number[];
  private readonly log: Logger;
  private inFlight = 0;

  constructor(
    private readonly opts: ConsumerOptions,
    private readonly spec: ConsumerSpec<C>,
  ) {
    this.durable = durableName(opts.service, spec.contract.type);
    this.maxDeliver = spec.maxDeliver ?? 5;
    this.backoff = spec.backoffMs ?? DEFAULT_BACKOFF;
    this.log = opts.logger.child({ consumer: this.durable });
  }

  start(): void {
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    await this.loop?.catch(() => undefined);
    while (this.inFlight > 0) await new Promise((r) => setTimeout(r, 20));
  }

  /** Keeps a consume loop alive: (re)creates stream and consumer, survives NATS restarts. */
  private async run(): Promise<void> {
    let wait = 500;
    while (!this.stopped) {
      try {
        const nc = this.opts.nats();
        if (!nc || nc.isClosed()) throw new Error('NATS is not connected');
        const owner = this.spec.contract.owner;
        const stream = await ensureStream(nc, this.opts.names, owner);
        await ensureStream(nc, this.opts.names, 'dlq');
        const jsm = await jetstreamManager(nc, { timeout: 5_000 });
        const config = {
          durable_name: this.durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: this.opts.names.subject(this.spec.contract.type),
          max_deliver: this.maxDeliver,
          ack_wait: nanos(this.spec.ackWaitMs ?? 30_000),
          max_ack_pending: 100,
        };
        try {
          await jsm.consumers.info(stream, this.durable);
          await jsm.consumers.update(stream, this.durable, {
            max_deliver: config.max_deliver,
            ack_wait: config.ack_wait,
            max_ack_pending: config.max_ack_pending,
          });
        } catch {
          await jsm.consumers.add(stream, config);
        }
        const js = jetstream(nc);
        const consumer = await js.consumers.get(stream, this.durable);
        this.messages = await consumer.consume({ max_messages: 20, expires: 5_000 });
        // stopped while setting up: stop() found no subscription to close. End it here, without
        // waiting (close() waits for an iteration that will never run)
        if (this.stopped) {
          this.messages.stop();
          break;
        }
        wait = 500;
        for await (const msg of this.messages) {
          this.inFlight++;
          try {
            await this.handle(msg);
          } finally {
            this.inFlight--;
          }
          if (this.stopped) break;
        }
      } catch (err) {
        if (this.stopped) break;
        this.log.warn({ err }, 'consumer interrupted; retrying');
      }
      if (this.stopped) break;
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, 10_000);
    }
  }

  private contractFor(env: Envelope): EventContract | undefined {
    const all = [this.spec.contract, ...(this.spec.alsoAccepts ?? [])];
    return all.find((c) => c.type === env.type && c.version === env.version);
  }

  /** Handles one delivery. */
  private async handle(msg: JsMsg): Promise<void> {
    const deliveryCount = msg.info.deliveryCount;
    let env: Envelope;
    let parsed: unknown;
    try {
      parsed = JSON.parse(msg.string());
      validateEvent(undefined, parsed);
      const contract = this.contractFor(parsed);
      if (!contract) throw new PermanentError(`unsupported event ${parsed.type} v${parsed.version}`);
      validateEvent(contract, parsed);
      env = parsed;
    } catch (err) {
      const asEnvelope = isEnvelope(parsed) ? parsed : undefined;
      const dead = await this.deadLetter(msg, err, asEnvelope);
      if (dead) msg.term(String((err as Error).message).slice(0, 200));
      else msg.nak(5_000);
      this.opts.metrics?.consumed(this.durable, dead ? 'dead_letter' : 'retry', deliveryCount);
      return;
    }
    const log = this.log.child({ eventId: env.id, type: env.type, deliveryCount });
    try {
      const ran = await runWithContext({ correlationId: env.correlationId, causationId: env.id }, () =>
        inEventSpan(env, this.durable, () => this.process(env, { deliveryCount, logger: log })),
      );
      msg.ack();
      this.opts.metrics?.consumed(this.durable, ran ? 'handled' : 'duplicate', deliveryCount);
      if (ran && this.spec.afterCommit) {
        try {
          await this.spec.afterCommit(env as Envelope<EventData<C>>);
        } catch (err) {
          log.warn({ err }, 'after-commit step failed');
        }
      }
    } catch (err) {
      const permanent = err instanceof PermanentError || err instanceof EventValidationError;
      if (permanent || deliveryCount >= this.maxDeliver) {
        log.error({ err }, permanent ? 'event failed permanently' : 'event failed on its last delivery');
        // the failure is recorded in the dead-letter stream before the message is dropped
        const dead = await this.deadLetter(msg, err, env);
        if (dead) msg.term(String((err as Error).message).slice(0, 200));
        else msg.nak(5_000);
        this.opts.metrics?.consumed(this.durable, dead ? 'dead_letter' : 'retry', deliveryCount);
      } else {
        const delay = this.backoff[Math.min(deliveryCount - 1, this.backoff.length - 1)] ?? 1_000;
        log.warn({ err, retryInMs: delay }, 'event failed; will retry');
        msg.nak(delay);
        this.opts.metrics?.consumed(this.durable, 'retry', deliveryCount);
      }
    }
  }

  /** Whether the handler ran (false: a duplicate, skipped). */
  private async process(env: Envelope, ctx: { deliveryCount: number; logger: Logger }): Promise<boolean> {
    const em = this.opts.orm.em.fork();
    return em.transactional(async (tem) => {
      const inserted = (await tem.execute(
        `insert into kit_inbox (event_id, consumer, type) values (?, ?, ?)
           on conflict do nothing returning event_id`,
        [env.id, this.durable, env.type],
      )) as unknown[];
      if (!inserted.length) {
        ctx.logger.info('duplicate event skipped');
        return false;
      }
      await this.spec.handler(env as Envelope<EventData<C>>, { em: tem, ...ctx });
      return true;
    });
  }

  private async deadLetter(msg: JsMsg, err: unknown, env: Envelope | undefined): Promise<boolean> {
    const nc = this.opts.nats();
    if (!nc) return false;
    const type = env?.type ?? this.spec.contract.type;
    const subject = this.opts.names.deadLetterSubject(this.opts.service, type);
    const body = {
      consumer: this.durable,
      subject: msg.subject,
      streamSequence: msg.seq,
      deliveryCount: msg.info.deliveryCount,
      error: { name: (err as Error)?.name, message: String((err as Error)?.message ?? err) },
      failedAt: new Date().toISOString(),
      event: env ?? msg.string(),
    };
    try {
      await jetstream(nc).publish(subject, JSON.stringify(body), {
        msgID: `${this.durable}:${msg.seq}`,
        timeout: 3_000,
      });
      this.log.error({ deadLetter: subject, eventId: env?.id }, 'event sent to the dead-letter subject');
      return true;
    } catch (e) {
      this.log.error({ err: e }, 'could not publish dead letter; will retry the event');
      return false;
    }
  }
}

/** A typed consumer spec: `on(UserRegistered, async (event, { em }) => ...)`. */
export function on<C extends EventContract>(
  contract: C,
  handler: Handler<C>,
  opts: Omit<ConsumerSpec<C>, 'contract' | 'handler'> = {},
): ConsumerSpec<EventContract> {
  return { contract, handler, ...opts } as unknown as ConsumerSpec<EventContract>;
}
