import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JsMsg,
} from '@nats-io/jetstream';
import type { Kit } from '@rian/kit/service';
import { VideoAsset } from '../../entities/video-asset.js';
import type { FileStore } from '../../storage/file-store.js';
import { MediaContentError } from './ffmpeg.js';
import { changeVideo } from './video-changes.js';
import { transcodeAsset } from './transcode-job.js';
import type { Config } from '../../config.js';

interface TranscodeJob {
  assetId: string;
}

// a finish kicks the relay at once; the poll only catches what a NATS outage or a crash left behind
const RELAY_POLL_MS = 5_000;

/**
 * Transcode jobs on a JetStream work-queue stream (`<NS>_MEDIA_JOBS`, subject
 * `<ns>.media-jobs.transcode`): each job is delivered to one worker of one replica; a worker that
 * crashes or stops heartbeating loses it after the ack wait and another replica gets it; after
 * MEDIA_TRANSCODE_MAX_DELIVER deliveries the asset fails — by its worker when the last attempt
 * fails, by the relay's sweep when the last attempt died with its replica (JetStream then drops
 * the job). Jobs are published from the database (assets `queued` with no `job_published_at`), so
 * a job is never lost between commit and publish.
 */
export class TranscodeQueue {
  private stopped = true;
  private relayTimer: NodeJS.Timeout | undefined;
  private relaying: Promise<void> | undefined;
  private again = false;
  private workers: Promise<void>[] = [];
  private readonly abort = new Map<string, AbortController>();
  private streamReady: Promise<void> | undefined;
  readonly durable = 'media-transcoder';

  constructor(
    private readonly kit: Kit,
    private readonly files: FileStore,
    private readonly config: Config,
  ) {}

  get stream(): string {
    return this.kit.names.stream('media-jobs');
  }

  get subject(): string {
    return this.kit.names.subject('media-jobs.transcode');
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
    for (let i = 0; i < this.config.MEDIA_TRANSCODE_CONCURRENCY; i++) this.workers.push(this.work(i));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.relayTimer);
    // a job cut short goes back to the queue at once for another replica (nak in `handle`)
    for (const c of this.abort.values()) c.abort();
    await Promise.all([this.relaying, ...this.workers].map((p) => p?.catch(() => undefined)));
    this.workers = [];
  }

  /** Publish queued jobs soon (after an upload finished). */
  kick(): void {
    if (this.stopped) return;
    clearTimeout(this.relayTimer);
    this.relayTimer = setTimeout(() => void this.relay(), 0);
    this.relayTimer.unref?.();
  }

  private async ensureStream(nc: NatsConnection): Promise<void> {
    this.streamReady ??= (async () => {
      const jsm = await jetstreamManager(nc, { timeout: 5_000 });
      const stream = {
        name: this.stream,
        subjects: [this.kit.names.subject('media-jobs.>')],
        retention: RetentionPolicy.Workqueue,
        storage: StorageType.File,
        discard: DiscardPolicy.Old,
        max_age: nanos(7 * 24 * 3600 * 1000),
        duplicate_window: nanos(2 * 60 * 1000),
        num_replicas: 1,
      };
      await jsm.streams.info(this.stream).catch(async () =>
        jsm.streams.add(stream).catch(async (err: unknown) => {
          await jsm.streams.info(this.stream).catch(() => {
            throw err;
          });
        }),
      );
      const consumer = {
        durable_name: this.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(this.config.MEDIA_TRANSCODE_ACK_WAIT_MS),
        max_deliver: this.config.MEDIA_TRANSCODE_MAX_DELIVER,
        max_ack_pending: 1_000,
      };
      await jsm.consumers.info(this.stream, this.durable).then(
        () =>
          jsm.consumers.update(this.stream, this.durable, {
            ack_wait: consumer.ack_wait,
            max_deliver: consumer.max_deliver,
          }),
        () => jsm.consumers.add(this.stream, consumer),
      );
    })();
    try {
      await this.streamReady;
    } catch (err) {
      this.streamReady = undefined;
      throw err;
    }
  }

  /** Publishes a job for every queued asset that has none yet; runs again every few seconds. */
  private async relay(): Promise<void> {
    if (this.stopped) return;
    if (this.relaying) {
      // a finish while a pass runs: go again as soon as it ends, not a poll later
      this.again = true;
      return;
    }
    this.again = false;
    this.relaying = (async () => {
      try {
        await this.failDropped();
        const nc = this.kit.nats();
        if (!nc || nc.isClosed()) return;
        const pending = await this.kit.orm.em
          .fork()
          .find(
            VideoAsset,
            { status: 'queued', jobPublishedAt: null },
            { orderBy: { createdAt: 'asc' }, limit: 50 },
          );
        if (!pending.length) return;
        await this.ensureStream(nc);
        const js = jetstream(nc, { timeout: 5_000 });
        for (const asset of pending) {
          const job: TranscodeJob = { assetId: asset.id };
          await js.publish(this.subject, JSON.stringify(job), {
            msgID: `transcode:${asset.id}:${asset.updatedAt.getTime()}`,
          });
          await changeVideo(
            this.kit,
            asset.id,
            ['queued'],
            { jobPublishedAt: new Date() },
            { announce: false },
          );
        }
      } catch (err) {
        this.kit.logger.warn({ err }, 'publishing transcode jobs failed; will retry');
      } finally {
        this.relaying = undefined;
        if (!this.stopped) {
          this.relayTimer = setTimeout(() => void this.relay(), this.again ? 0 : RELAY_POLL_MS);
          this.relayTimer.unref?.();
        }
      }
    })();
    await this.relaying;
  }

  /**
   * Fails the assets whose last allowed delivery died with its replica: on the last attempt and no
   * sign of its worker for twice the ack wait, JetStream has given the job up and no worker will
   * ever finish or fail it. Each replica's relay runs it; the locked move fails an asset once.
   */
  private async failDropped(): Promise<void> {
    const max = this.config.MEDIA_TRANSCODE_MAX_DELIVER;
    const silentMs = 2 * this.config.MEDIA_TRANSCODE_ACK_WAIT_MS;
    const dropped = (await this.kit.orm.em.fork().execute(
      `select id, transcode_attempt from video_assets
        where status = 'transcoding' and transcode_attempt >= ?
          and transcode_seen_at < now() - make_interval(secs => ?)
        order by transcode_seen_at limit 50`,
      [max, silentMs / 1000],
    )) as { id: string; transcode_attempt: number }[];
    for (const { id, transcode_attempt: attempt } of dropped) {
      const failed = await changeVideo(this.kit, id, ['transcoding'], {
        status: 'failed',
        error: `the transcode stopped on its last attempt (${attempt} of ${max}) and its worker was lost`,
      });
      if (failed)
        this.kit.logger.warn({ assetId: id, attempt }, 'transcode lost on its last attempt: failed');
    }
  }

  /** One worker slot: pulls one job at a time while running. */
  private async work(slot: number): Promise<void> {
    let wait = 500;
    while (!this.stopped) {
      try {
        const nc = this.kit.nats();
        if (!nc || nc.isClosed()) throw new Error('NATS is not connected');
        await this.ensureStream(nc);
        const consumer = await jetstream(nc).consumers.get(this.stream, this.durable);
        while (!this.stopped) {
          const msg = await consumer.next({ expires: 2_000 });
          if (msg) await this.handle(msg);
        }
        wait = 500;
      } catch (err) {
        if (this.stopped) break;
        this.kit.logger.warn({ err, slot }, 'transcode worker interrupted; retrying');
        await new Promise((r) => setTimeout(r, wait));
        wait = Math.min(wait * 2, 10_000);
      }
    }
  }

  private async handle(msg: JsMsg): Promise<void> {
    let job: TranscodeJob;
    try {
      job = JSON.parse(msg.string()) as TranscodeJob;
      if (typeof job.assetId !== 'string') throw new Error('no assetId');
    } catch {
      msg.term('not a transcode job');
      return;
    }
    const log = this.kit.logger.child({ assetId: job.assetId, deliveryCount: msg.info.deliveryCount });
    const last = msg.info.deliveryCount >= this.config.MEDIA_TRANSCODE_MAX_DELIVER;
    // to JetStream (keep the job) and to the database (the sweep leaves a live last attempt alone)
    const heartbeat = setInterval(
      () => {
        msg.working();
        void this.kit.orm.em
          .fork()
          .execute(
            `update video_assets set transcode_seen_at = now() where id = ? and status = 'transcoding'`,
            [job.assetId],
          )
          .catch((err: unknown) => log.warn({ err }, 'transcode heartbeat not recorded'));
      },
      Math.max(500, this.config.MEDIA_TRANSCODE_ACK_WAIT_MS / 3),
    );
    const abort = new AbortController();
    this.abort.set(job.assetId, abort);
    const dir = join(this.config.MEDIA_WORK_DIR, `${job.assetId}-${process.pid}-${msg.seq}`);
    try {
      await transcodeAsset(
        { kit: this.kit, files: this.files, config: this.config },
        job.assetId,
        dir,
        abort.signal,
        log,
        msg.info.deliveryCount,
      );
      msg.ack();
    } catch (err) {
      if (abort.signal.aborted) {
        if (last) {
          // JetStream would not deliver it again: a shutdown is no failure, so it goes back as a new job
          const requeued = await changeVideo(this.kit, job.assetId, ['queued', 'transcoding'], {
            status: 'queued',
            progress: 0,
          }).catch((e: unknown) => log.error({ err: e }, 'could not queue the stopped transcode again'));
          log.info(
            { requeued: Boolean(requeued) },
            'last attempt stopped with the process; queued as a new job',
          );
          msg.term('stopped on its last delivery; queued again');
          return;
        }
        log.info('transcode stopped with the process; handed back to the queue');
        msg.nak();
        return;
      }
      const permanent = err instanceof MediaContentError;
      if (permanent || last) {
        log.warn({ err }, 'transcode failed');
        await this.fail(job.assetId, (err as Error).message).catch((e: unknown) =>
          log.error({ err: e }, 'could not record the failed transcode'),
        );
        msg.term();
      } else {
        log.warn({ err }, 'transcode failed; will retry');
        msg.nak(5_000);
      }
    } finally {
      clearInterval(heartbeat);
      this.abort.delete(job.assetId);
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async fail(assetId: string, error: string): Promise<void> {
    await changeVideo(this.kit, assetId, ['queued', 'transcoding'], {
      status: 'failed',
      error: error.slice(0, 1000),
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    transcodeQueue: TranscodeQueue;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const queue = new TranscodeQueue(app.kit, app.fileStore, config);
    app.decorate('transcodeQueue', queue);
    app.addHook('onReady', async () => queue.start());
    app.addHook('preClose', async () => queue.stop());
  },
  { name: 'transcode-queue', dependencies: ['file-store'] },
);
