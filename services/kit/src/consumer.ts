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
  /**
   * How many events this consumer handles at once (default: EVENTS_CONCURRENCY, else 8). Events with
   * the same ordering key still run one after another, in stream order.
   */
  concurrency?: number;
  /** The ordering key of an event (default: `orderingKeyOf`). Same key → one at a time, in order. */
  orderingKey?: (event: Envelope<EventData<C>>) => string;
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
  /** default bound for this service's consumers (a spec's own `concurrency` wins) */
  concurrency?: number;
}

const DEFAULT_BACKOFF = [1_000, 5_000, 15_000, 60_000];
const DEFAULT_CONCURRENCY = 8;

/** The default bound on events handled at once per consumer: EVENTS_CONCURRENCY, else 8. */
export function defaultConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.EVENTS_CONCURRENCY);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_CONCURRENCY;
}

/**
 * The ordering key of an event: events with the same key are handled one after another in stream
 * order; different keys run in parallel. An event about one order (`data.orderId`: the orders /
 * payments / learning saga) is keyed by that order; any other event by its type, i.e. one at a time
 * as before, because its aggregate (course, lesson, product read models…) is not known here and
 * out-of-order updates would be lost. A consumer that knows its aggregate passes `orderingKey`.
 */
export function orderingKeyOf(env: Envelope): string {
  const data = env.data as Record<string, unknown> | null;
  const orderId = data && typeof data === 'object' ? data.orderId : undefined;
  if (typeof orderId === 'string' && orderId) return `order:${orderId}`;
  return `type:${env.type}`;
}

/** Counting semaphore with FIFO waiters: bounds the handlers running at once. */
class Slots {
  private used = 0;
  private readonly waiters: (() => void)[] = [];
  constructor(readonly size: number) {}
  get busy(): number {
    return this.used + this.waiters.length;
  }
  async acquire(): Promise<void> {
    if (this.used < this.size) {
      this.used++;
      return;
    }
    await new Promise<void>((r) => this.waiters.push(r));
  }
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.used--;
  }
}

/** One ordering key's lane: whether a message runs, the messages waiting behind it, a blocked retry. */
interface Lane {
  running: boolean;
  queue: JsMsg[];
  /** stream sequence of a message of this key that failed and awaits redelivery: successors wait */
  blockedSeq?: number;
}

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
  /** messages taken from the subscription and not yet settled (running, waiting or held) */
  private inFlight = 0;
  private readonly slots: Slots;
  private readonly lanes = new Map<string, Lane>();
  private readonly idle: (() => void)[] = [];
  private readonly ackWaitMs: number;
  /** keeps the ack deadline of messages held behind their key's predecessor */
  private heartbeat: NodeJS.Timeout | undefined;
  /** the most handlers seen running at once (for tests and metrics) */
  maxRunning = 0;
  private running = 0;

  constructor(
    private readonly opts: ConsumerOptions,
    private readonly spec: ConsumerSpec<C>,
  ) {
    this.durable = durableName(opts.service, spec.contract.type);
    this.maxDeliver = spec.maxDeliver ?? 5;
    this.backoff = spec.backoffMs ?? DEFAULT_BACKOFF;
    this.log = opts.logger.child({ consumer: this.durable });
    this.slots = new Slots(
      Math.max(1, Math.floor(spec.concurrency ?? opts.concurrency ?? defaultConcurrency())),
    );
    this.ackWaitMs = spec.ackWaitMs ?? 30_000;
  }

  get concurrency(): number {
    return this.slots.size;
  }

  start(): void {
    this.stopped = false;
    this.loop = this.run();
    this.heartbeat = setInterval(() => this.keepHeldAlive(), Math.max(1_000, Math.floor(this.ackWaitMs / 3)));
    this.heartbeat.unref();
  }

  /** Stops pulling, lets running handlers finish; messages not yet started are nak'd for redelivery. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    await this.loop?.catch(() => undefined);
    for (const lane of this.lanes.values()) {
      for (const m of lane.queue.splice(0)) this.settled(() => m.nak());
    }
    while (this.inFlight > 0) await new Promise<void>((r) => this.idle.push(r));
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private settled(fn?: () => void): void {
    fn?.();
    this.inFlight--;
    if (this.inFlight === 0) for (const r of this.idle.splice(0)) r();
  }

  private keepHeldAlive(): void {
    for (const lane of this.lanes.values()) for (const m of lane.queue) m.working();
  }

  /** Stream-order dispatch: a message joins its key's lane; it runs when the lane is free. */
  private dispatch(msg: JsMsg): void {
    this.inFlight++;
    const key = this.keyOf(msg);
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: false, queue: [] };
      this.lanes.set(key, lane);
    }
    if (lane.running) {
      // a redelivery of the message now running (ack wait passed) is dropped: its outcome decides
      lane.queue.push(msg);
      return;
    }
    if (lane.blockedSeq !== undefined && lane.blockedSeq !== msg.seq) {
      // a predecessor with the same key failed and awaits redelivery: wait behind it
      lane.queue.push(msg);
      return;
    }
    void this.runLane(key, lane, msg);
  }

  private async runLane(key: string, lane: Lane, first: JsMsg): Promise<void> {
    lane.running = true;
    let msg: JsMsg | undefined = first;
    while (msg) {
      await this.slots.acquire();
      this.running++;
      this.maxRunning = Math.max(this.maxRunning, this.running);
      let outcome: 'done' | 'retry' = 'retry';
      try {
        if (this.stopped) msg.nak();
        else outcome = await this.handle(msg);
      } catch (err) {
        this.log.error({ err }, 'consumer handler crashed');
        msg.nak(1_000);
      } finally {
        this.running--;
        this.slots.release();
      }
      if (outcome === 'retry') lane.blockedSeq = msg.seq;
      else if (lane.blockedSeq === msg.seq) lane.blockedSeq = undefined;
      this.settled();
      msg = this.nextIn(lane);
    }
    lane.running = false;
    if (!lane.queue.length && lane.blockedSeq === undefined) this.lanes.delete(key);
  }

  /** The next message of a lane that may run now: the blocked one's redelivery, or the head. */
  private nextIn(lane: Lane): JsMsg | undefined {
    if (this.stopped) return undefined;
    if (lane.blockedSeq !== undefined) {
      const i = lane.queue.findIndex((m) => m.seq === lane.blockedSeq);
      return i < 0 ? undefined : lane.queue.splice(i, 1)[0];
    }
    return lane.queue.shift();
  }

  private keyOf(msg: JsMsg): string {
    try {
      const parsed: unknown = JSON.parse(msg.string());
      if (!isEnvelope(parsed)) return `seq:${msg.seq}`;
      return this.spec.orderingKey
        ? this.spec.orderingKey(parsed as Envelope<EventData<C>>)
        : orderingKeyOf(parsed);
    } catch {
      return `seq:${msg.seq}`;
    }
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
          ack_wait: nanos(this.ackWaitMs),
          // messages held behind their key's predecessor count here too: room for them and the bound
          max_ack_pending: Math.max(100, this.slots.size * 10),
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
        this.messages = await consumer.consume({
          max_messages: Math.max(20, this.slots.size * 2),
          expires: 5_000,
        });
        // stopped while setting up: stop() found no subscription to close. End it here, without
        // waiting (close() waits for an iteration that will never run)
        if (this.stopped) {
          this.messages.stop();
          break;
        }
        wait = 500;
        for await (const msg of this.messages) {
          if (this.stopped) {
            msg.nak();
            break;
          }
          this.dispatch(msg);
          // pull no further while every slot is taken or waited for (held messages do not count:
          // they wait for a predecessor that either runs or awaits its own redelivery)
          while (this.slots.busy >= this.slots.size && !this.stopped) {
            await this.slots.acquire();
            this.slots.release();
          }
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

  /** Handles one delivery: 'done' once acked or terminated, 'retry' when nak'd for redelivery. */
  private async handle(msg: JsMsg): Promise<'done' | 'retry'> {
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
      if (await this.deadLetter(msg, err, asEnvelope)) {
        msg.term(String((err as Error).message).slice(0, 200));
        this.opts.metrics?.consumed(this.durable, 'dead_letter', deliveryCount);
        return 'done';
      }
      msg.nak(5_000);
      this.opts.metrics?.consumed(this.durable, 'retry', deliveryCount);
      return 'retry';
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
      return 'done';
    } catch (err) {
      const permanent = err instanceof PermanentError || err instanceof EventValidationError;
      if (permanent || deliveryCount >= this.maxDeliver) {
        log.error({ err }, permanent ? 'event failed permanently' : 'event failed on its last delivery');
        // the failure is recorded in the dead-letter stream before the message is dropped
        if (await this.deadLetter(msg, err, env)) {
          msg.term(String((err as Error).message).slice(0, 200));
          this.opts.metrics?.consumed(this.durable, 'dead_letter', deliveryCount);
          return 'done';
        }
        msg.nak(5_000);
        this.opts.metrics?.consumed(this.durable, 'retry', deliveryCount);
        return 'retry';
      }
      const delay = this.backoff[Math.min(deliveryCount - 1, this.backoff.length - 1)] ?? 1_000;
      log.warn({ err, retryInMs: delay }, 'event failed; will retry');
      msg.nak(delay);
      this.opts.metrics?.consumed(this.durable, 'retry', deliveryCount);
      return 'retry';
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
