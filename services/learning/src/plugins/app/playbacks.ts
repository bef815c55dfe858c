import fp from 'fastify-plugin';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  WATCH_BEAT_S,
  WATCH_LEASE_S,
  WATCH_MAX_RATE,
  type Beat,
  type BeatResult,
  type PlaybackElsewhere,
  type PlaybackStart,
  type PlaybackStarted,
} from '@rian/proto-contracts/learning-watch';
import { Video, type VideoEntity } from '../../entities/video.js';
import { VideoAsset } from '../../entities/video-asset.js';
import { VideoStatistics } from '../../entities/video-statistics.js';
import { addDays, bangkokDay, canOpenSession, UNLIMIT } from '../../domain/access.js';
import { bucketCounts, creditBeat, round3 } from '../../domain/watch-credit.js';
import { mergeRange } from '../../domain/watch-ranges.js';
import { readForBeat, readForStart, withClient, writeBeat, writeStart } from './playback-sql.js';
import { lengthOf } from './watch-lessons.js';
import { resumeFrom } from '../../domain/watch-resume.js';
import { PlaybackLease } from './playback-lease.js';

export interface PlaybackSettings {
  /** one playback per account (the lease); off: any number at once */
  LEARNING_ONE_PLAYBACK: boolean;
}

/** Days the devices and addresses of a member's playbacks are kept for the staff flag. */
export const WATCH_DEVICE_DAYS = 90;

/** Reads and writes of one beat before giving up: only writers of the same playback or coverage race. */
const BEAT_ATTEMPTS = 10;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function tokenMatches(token: string, hash: string): boolean {
  const a = Buffer.from(sha256(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Who sends a beat: the signed-in member (its own playback only) or the beacon's token. */
export type BeatSender = { userId: string } | { beatToken: string };

/** The length of a video: its own, else its upload's as media measured it. */
export async function videoLength(em: EntityManager, v: VideoEntity): Promise<number | null> {
  return (await videoLengths(em, [v])).get(v.id) ?? null;
}

/** The lengths of videos (one query for the uploads that have none of their own). */
export async function videoLengths(
  em: EntityManager,
  videos: readonly { id: string; durationSeconds?: number | null; assetId?: string | null }[],
): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  const assetIds = videos.filter((v) => !v.durationSeconds && v.assetId).map((v) => v.assetId!);
  const assets = assetIds.length
    ? new Map((await em.find(VideoAsset, { assetId: { $in: assetIds } })).map((a) => [a.assetId, a]))
    : new Map<string, never>();
  for (const v of videos) {
    const measured = v.assetId ? assets.get(v.assetId)?.durationSeconds : null;
    out.set(v.id, lengthOf(v.durationSeconds, measured));
  }
  return out;
}

/**
 * Playbacks and heartbeats (issue 14; ARCHITECTURE §9 "Watch statistics"). Opening a lesson starts
 * a playback (one VideoStatistics record, resumed by spec 01 §4's rule); each beat is credited by
 * domain/watch-credit.ts and written in one statement: the playback, the member's progress on the
 * video (merged coverage ranges) and the member's Asia/Bangkok day. The write applies only while
 * the playback's `last_seq` is the one read (compare-and-set under the update's row lock), so a
 * beat counts once however often it arrives. Start and beat run on a plain pooled client with
 * prepared statements (playback-sql.ts): they are the hottest paths of the service.
 */
export class Playbacks {
  readonly lease: PlaybackLease;

  constructor(
    private readonly kit: Kit,
    private readonly settings: PlaybackSettings,
  ) {
    this.lease = new PlaybackLease(kit.redis, WATCH_LEASE_S, kit.logger);
  }

  async start(
    userId: string,
    body: PlaybackStart,
    ip: string | null,
    now = new Date(),
  ): Promise<PlaybackStarted> {
    const today = bangkokDay(now);
    return withClient(this.kit.orm.em, async (c) => {
      const r = await readForStart(c, userId, body.sessionId);
      // the access rule of the member's session reads: a session the member may not open is 404
      const decision = r
        ? canOpenSession(
            {
              courseId: r.e_course_id,
              status: r.e_status,
              special: r.e_special,
              start: r.e_start,
              end: r.e_end,
            },
            {
              courseId: r.course_id,
              type: r.type,
              view: r.view,
              special: r.special,
              date: r.date,
              close: r.close_date ?? UNLIMIT,
            },
            today,
          )
        : null;
      if (!r || !decision?.allow) throw new ProblemError('learning.session_not_found');
      if (!r.video_id) throw new ProblemError('learning.video_not_found');
      const videoId = r.video_id;
      const { resumeAt, count } = resumeFrom(
        r.last_count === null
          ? null
          : { event: r.last_event, timeEnd: r.last_time_end ?? 0, count: r.last_count },
      );

      const id = uuidv7();
      let tookOver = false;
      if (this.settings.LEARNING_ONE_PLAYBACK) {
        const claim = await this.lease.claim(userId, id, body.takeOver === true);
        if (!claim.ok)
          throw new ProblemError('learning.playback_elsewhere', {
            extra: { elsewhere: await this.elsewhere(this.kit.orm.em.fork(), claim.holder, now) },
          });
        tookOver = claim.displaced !== null;
      }
      const beatToken = randomBytes(24).toString('base64url');
      await writeStart(c, {
        id,
        userId,
        videoId,
        sessionId: r.session_id,
        courseId: r.course_id,
        productId: r.product_id,
        durationSeconds: lengthOf(r.own_seconds, r.measured_seconds),
        resumeAt,
        today,
        count,
        device: body.device?.trim() || null,
        ip,
        tookOver,
        beatTokenHash: sha256(beatToken),
        now,
        pruneBefore: addDays(today, -WATCH_DEVICE_DAYS),
      });
      return {
        playbackId: id,
        beatToken,
        videoId,
        resumeAt,
        count,
        beatSeconds: WATCH_BEAT_S,
        leaseSeconds: WATCH_LEASE_S,
        maxRate: WATCH_MAX_RATE,
      };
    });
  }

  /** What "playing on another device" shows: that playback's device, video and start. */
  private async elsewhere(em: EntityManager, holder: string, now: Date): Promise<PlaybackElsewhere> {
    const other = await em.findOne(VideoStatistics, { id: holder });
    const video = other ? await em.findOne(Video, { id: other.videoId }) : null;
    return {
      device: other?.device ?? null,
      videoName: video?.name ?? null,
      since: (other?.startedAt ?? now).toISOString(),
    };
  }

  /**
   * One heartbeat. 404 for a playback that is not the sender's (or a wrong beacon token), 409
   * `learning.playback_taken_over` when another playback of the account holds the lease; a replayed
   * or out-of-order beat changes nothing (`accepted: false`).
   *
   * Two round trips to PostgreSQL and one to Redis (playback-sql.ts): read the playback with the
   * member's coverage, renew the lease, write the playback, progress and day in one statement that
   * applies only if the playback's `last_seq` (and, when a range is credited, the coverage) is still
   * what was read — else read again: concurrent duplicates count once, as with a row lock held
   * across. The commit does not wait for the WAL flush (`synchronous_commit` off for that statement's
   * transaction only): a database crash may forget the last fraction of a second of beats, never
   * half of one.
   */
  async beat(playbackId: string, sender: BeatSender, b: Beat, now = new Date()): Promise<BeatResult> {
    const today = bangkokDay(now);
    const leaseUntil = new Date(now.getTime() + WATCH_LEASE_S * 1000).toISOString();
    const result = await withClient(this.kit.orm.em, async (c) => {
      for (let attempt = 1; ; attempt++) {
        const row = await readForBeat(c, playbackId);
        const mine =
          row &&
          ('userId' in sender
            ? row.user_id === sender.userId
            : tokenMatches(sender.beatToken, row.beat_token_hash));
        if (!row || !mine) throw new ProblemError('learning.playback_not_found');
        if (this.settings.LEARNING_ONE_PLAYBACK && !(await this.lease.renew(row.user_id, playbackId)))
          throw new ProblemError('learning.playback_taken_over');
        if (b.seq <= row.last_seq)
          return {
            userId: row.user_id,
            out: { accepted: false, credited: 0, playbackSeconds: row.time_total, leaseUntil },
          };

        const elapsed = (now.getTime() - new Date(row.since).getTime()) / 1000;
        const previousDay = bangkokDay(new Date(row.since));
        const c1 = creditBeat(b, elapsed, row.duration_seconds);
        const total = round3(row.time_total + c1.credited);
        const written = await writeBeat(c, {
          playbackId,
          row,
          seq: b.seq,
          now,
          day: today,
          position: c1.position,
          credited: c1.credited,
          total,
          buckets: bucketCounts(total),
          pause: b.event === 'pause',
          ended: b.event === 'ended',
          ranges: c1.range ? JSON.stringify(mergeRange(row.ranges ?? [], c1.range)) : null,
          last: b.event === 'pause' || b.event === 'ended' || b.event === 'pagehide',
          eventId: uuidv7(),
          previousDay: previousDay === today ? null : previousDay,
          rolloverEventId: previousDay === today ? '' : uuidv7(),
        });
        // the day total went to the outbox in the beat's statement: wake the relay
        if (written.announced > 0) this.kit.outbox.kick();
        if (written.written)
          return {
            userId: row.user_id,
            out: { accepted: true, credited: c1.credited, playbackSeconds: total, leaseUntil },
          };
        if (attempt >= BEAT_ATTEMPTS)
          throw new Error(`beat of ${playbackId}: still contended after ${attempt} tries`);
      }
    });
    // the page went away or the video ended: the next start on any device needs no take-over
    if (
      this.settings.LEARNING_ONE_PLAYBACK &&
      result.out.accepted &&
      (b.event === 'pagehide' || b.event === 'ended')
    )
      await this.lease.release(result.userId, playbackId);
    return result.out;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    playbacks: Playbacks;
  }
}

export default fp<{ settings: PlaybackSettings }>(
  async (app, opts) => {
    app.decorate('playbacks', new Playbacks(app.kit, opts.settings));
  },
  { name: 'playbacks' },
);
