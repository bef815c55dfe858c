import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  buildEvent,
  type Envelope,
  type EventContract,
  type EventData,
} from '@rian/proto-contracts/envelope';
import { currentTraceparent } from './tracing.js';
import { currentContext } from './context.js';
import { OutboxEvent } from './kit-entities.js';
import { ensureStream, type BusNames } from './nats.js';
import type { Logger } from './logger.js';

export interface OutboxOptions {
  orm: MikroORM;
  /** the connection may be (re)made later; the relay asks each time */
  nats: () => NatsConnection | undefined;
  names: BusNames;
  /** producing service = stream owner */
  source: string;
  logger: Logger;
  batchSize?: number;
  pollMs?: number;
  publishTimeoutMs?: number;
  maxBackoffMs?: number;
}

interface OutboxRow {
  id: string;
  type: string;
  envelope: Envelope;
  attempts: number;
}

/**
 * The transactional outbox. `add` writes the event row in the caller's unit of work (flushed in the
 * same transaction as the business change); the relay publishes rows to JetStream in order, with
 * `Nats-Msg-Id` = event id, backing off while NATS is away. Claims use FOR UPDATE SKIP LOCKED, so
 * several replicas can relay the same table without publishing a row twice at the same time.
 */
export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;
  private again = false;
  private failing = false;
  private lastCleanup = 0;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly publishTimeoutMs: number;
  private readonly maxBackoffMs: number;
  /** relay passes and events published by this process (for readiness details, tests and benches) */
  readonly stats = { passes: 0, published: 0 };

  constructor(private readonly opts: OutboxOptions) {
    this.batchSize = opts.batchSize ?? 100;
    this.pollMs = opts.pollMs ?? 500;
    this.publishTimeoutMs = opts.publishTimeoutMs ?? 3_000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 30_000;
  }

  /** Adds an event to the unit of work of `em`; it is written when `em` flushes (inside its transaction). */
  add<C extends EventContract>(
    em: EntityManager,
    contract: C,
    data: EventData<C>,
    opts: { correlationId?: string; causationId?: string } = {},
  ): Envelope<EventData<C>> {
    const ctx = currentContext();
    const causationId = opts.causationId ?? ctx?.causationId ?? ctx?.requestId;
    const traceparent = currentTraceparent();
    const envelope = buildEvent(contract, data, {
      source: this.opts.source,
      correlationId: opts.correlationId ?? ctx?.correlationId,
      ...(causationId ? { causationId } : {}),
      ...(traceparent ? { traceparent } : {}),
    });
    em.create(OutboxEvent, {
      id: envelope.id,
      type: envelope.type,
      envelope,
      attempts: 0,
      createdAt: new Date(),
      nextAttemptAt: new Date(),
    });
    return envelope;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  /** Publish soon (called after a commit that wrote events). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.loop(), ms);
    this.timer.unref?.();
  }

  private async loop(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let next = this.pollMs;
    try {
      const n = await this.relayOnce();
      this.stats.passes++;
      this.stats.published += n;
      if (n >= this.batchSize) next = 0;
    } catch (err) {
      if (!this.failing) this.opts.logger.warn({ err }, 'outbox relay failed; will retry');
      this.failing = true;
    } finally {
      this.running = false;
    }
    if (this.again) {
      this.again = false;
      next = 0;
    }
    this.schedule(next);
  }

  private backoff(attempts: number): number {
    const base = Math.min(this.maxBackoffMs, 250 * 2 ** Math.min(attempts, 10));
    return Math.round(base / 2 + (Math.random() * base) / 2);
  }

  /** One pass: claim due rows, publish them in order, record the outcome. Returns rows published. */
  async relayOnce(): Promise<number> {
    const nc = this.opts.nats();
    const em = this.opts.orm.em.fork();
    const published = await em.transactional(async (tem) => {
      const rows = (await tem.execute(
        `select id, type, envelope, attempts from kit_outbox
          where published_at is null and next_attempt_at <= now()
          order by created_at, id limit ? for update skip locked`,
        [this.batchSize],
      )) as OutboxRow[];
      if (!rows.length) return 0;
      const done: string[] = [];
      let failure: { row: OutboxRow; err: unknown } | undefined;
      try {
        if (!nc || nc.isClosed()) throw new Error('NATS is not connected');
        await ensureStream(nc, this.opts.names, this.opts.source);
        const js = jetstream(nc, { timeout: this.publishTimeoutMs });
        for (const row of rows) {
          try {
            await js.publish(this.opts.names.subject(row.type), JSON.stringify(row.envelope), {
              msgID: row.id,
              timeout: this.publishTimeoutMs,
            });
            done.push(row.id);
          } catch (err) {
            failure = { row, err };
            break; // keep order: later rows wait for this one
          }
        }
      } catch (err) {
        failure = { row: rows[0]!, err };
      }
      if (done.length) {
        await tem.execute(
          `update kit_outbox set published_at = now(), last_error = null where id in (${done.map(() => '?').join(', ')})`,
          done,
        );
      }
      if (failure) {
        const { row, err } = failure;
        const delay = this.backoff(row.attempts);
        await tem.execute(
          `update kit_outbox set attempts = attempts + 1, last_error = ?,
             next_attempt_at = now() + (? * interval '1 millisecond') where id = ?`,
          [String((err as Error)?.message ?? err).slice(0, 1000), delay, row.id],
        );
        if (!this.failing)
          this.opts.logger.warn({ err, eventId: row.id, retryInMs: delay }, 'outbox publish failed');
        this.failing = true;
      } else if (this.failing) {
        this.opts.logger.info('outbox publishing again');
        this.failing = false;
      }
      return done.length;
    });
    await this.cleanup(em);
    return published;
  }

  private async cleanup(em: EntityManager): Promise<void> {
    if (Date.now() - this.lastCleanup < 10 * 60_000) return;
    this.lastCleanup = Date.now();
    await em.execute(`delete from kit_outbox where published_at < now() - interval '3 days'`);
    await em.execute(`delete from kit_inbox where processed_at < now() - interval '30 days'`);
  }

  /** Rows not yet published (for readiness details and tests). */
  async pending(): Promise<number> {
    const rows = (await this.opts.orm.em
      .fork()
      .execute(`select count(*)::int as n from kit_outbox where published_at is null`)) as { n: number }[];
    return rows[0]?.n ?? 0;
  }
}
