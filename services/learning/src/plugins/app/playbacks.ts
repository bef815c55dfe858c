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
import { CourseSession } from '../../entities/course-session.js';
import { Enrolment } from '../../entities/enrolment.js';
import { Video, type VideoEntity } from '../../entities/video.js';
import { VideoAsset } from '../../entities/video-asset.js';
import { VideoStatistics } from '../../entities/video-statistics.js';
import { addDays, bangkokDay, canOpenSession } from '../../domain/access.js';
import { accessEnrolment, accessSession } from './member-sessions.js';
import { bucketCounts, creditBeat, round3 } from '../../domain/watch-credit.js';
import { mergeRange, type Range } from '../../domain/watch-ranges.js';
import { resumeFrom } from '../../domain/watch-resume.js';
import { PlaybackLease } from './playback-lease.js';

export interface PlaybackSettings {
  /** one playback per account (the lease); off: any number at once */
  LEARNING_ONE_PLAYBACK: boolean;
}

/** Days the devices and addresses of a member's playbacks are kept for the staff flag. */
export const WATCH_DEVICE_DAYS = 90;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function tokenMatches(token: string, hash: string): boolean {
  const a = Buffer.from(sha256(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Who sends a beat: the signed-in member (its own playback only) or the beacon's token. */
export type BeatSender = { userId: string } | { beatToken: string };

interface PlaybackRow {
  user_id: string;
  video_id: string;
  course_id: string;
  duration_seconds: number | null;
  time_total: number;
  last_seq: number;
  since: Date;
  beat_token_hash: string;
}

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
    out.set(v.id, v.durationSeconds || (measured ? Math.round(measured) : null));
  }
  return out;
}

/**
 * Playbacks and heartbeats (issue 14; ARCHITECTURE §9 "Watch statistics"). Opening a lesson starts
 * a playback (one VideoStatistics record, resumed by spec 01 §4's rule); each beat is credited by
 * domain/watch-credit.ts and written in one transaction: the playback, the member's progress on the
 * video (merged coverage ranges) and the member's Asia/Bangkok day. The row lock on the playback
 * plus `last_seq` make a beat count once however often it arrives.
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
    const em = this.kit.orm.em.fork();
    const s = await em.findOne(CourseSession, { id: body.sessionId });
    const e = s ? await em.findOne(Enrolment, { userId, courseId: s.courseId }) : null;
    const today = bangkokDay(now);
    // the access rule of the member's session reads: a session the member may not open is 404
    const decision = s && e ? canOpenSession(accessEnrolment(e), accessSession(s), today) : null;
    if (!s || !e || !decision?.allow) throw new ProblemError('learning.session_not_found');
    const video = s.videoId ? await em.findOne(Video, { id: s.videoId, status: 'show' }) : null;
    if (!video) throw new ProblemError('learning.video_not_found');
    const duration = await videoLength(em, video);
    const last = await em.findOne(
      VideoStatistics,
      { userId, videoId: video.id },
      { orderBy: { startedAt: 'desc' }, fields: ['event', 'timeEnd', 'count'] },
    );
    const { resumeAt, count } = resumeFrom(
      last ? { event: last.event ?? null, timeEnd: last.timeEnd, count: last.count } : null,
    );

    const id = uuidv7();
    let tookOver = false;
    if (this.settings.LEARNING_ONE_PLAYBACK) {
      const claim = await this.lease.claim(userId, id, body.takeOver === true);
      if (!claim.ok)
        throw new ProblemError('learning.playback_elsewhere', {
          extra: { elsewhere: await this.elsewhere(em, claim.holder, now) },
        });
      tookOver = claim.displaced !== null;
    }
    const beatToken = randomBytes(24).toString('base64url');
    const device = body.device?.trim() || null;
    await em.transactional(async (tx) => {
      tx.create(VideoStatistics, {
        id,
        userId,
        videoId: video.id,
        sessionId: s.id,
        courseId: s.courseId,
        productId: e.productId ?? null,
        durationSeconds: duration,
        timeStart: resumeAt,
        timeEnd: resumeAt,
        curTimeEnd: resumeAt,
        timeTotal: 0,
        pauseTotal: 0,
        endTotal: 0,
        threeMinTotal: 0,
        fiveMinTotal: 0,
        tenMinTotal: 0,
        visitDate: today,
        event: null,
        count,
        device,
        ip,
        tookOver,
        beatTokenHash: sha256(beatToken),
        lastSeq: 0,
        lastBeatAt: null,
        startedAt: now,
      });
      await tx.execute(
        `insert into video_progress (user_id, video_id, course_id, last_position, furthest_position, last_viewed_at)
         values (?, ?, ?, ?, ?, ?)
         on conflict (user_id, video_id) do update set last_viewed_at = excluded.last_viewed_at`,
        [userId, video.id, s.courseId, resumeAt, resumeAt, now],
      );
      const seen: [string, string][] = [];
      if (device) seen.push(['device', device]);
      if (ip) seen.push(['ip', ip.slice(0, 120)]);
      for (const [kind, value] of seen)
        await tx.execute(
          `insert into watch_devices (user_id, day, kind, value) values (?, ?, ?, ?) on conflict do nothing`,
          [userId, today, kind, value],
        );
      // every member's rows past the window (an index probe when there are none)
      await tx.execute(`delete from watch_devices where day < ?`, [addDays(today, -WATCH_DEVICE_DAYS)]);
    });
    return {
      playbackId: id,
      beatToken,
      videoId: video.id,
      resumeAt,
      count,
      beatSeconds: WATCH_BEAT_S,
      leaseSeconds: WATCH_LEASE_S,
      maxRate: WATCH_MAX_RATE,
    };
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
   * Four round trips: lock the playback, lock the coverage (only when a range is credited), write
   * the playback, progress and day in one statement, commit. The commit does not wait for the WAL
   * flush (`synchronous_commit` off for this transaction only): a database crash may forget the last
   * fraction of a second of beats, never half of one, and a beat costs a third as much.
   */
  async beat(playbackId: string, sender: BeatSender, b: Beat, now = new Date()): Promise<BeatResult> {
    const leaseUntil = new Date(now.getTime() + WATCH_LEASE_S * 1000).toISOString();
    const result = await this.kit.orm.em.fork().transactional(async (em) => {
      const [row] = (await em.execute(
        `select set_config('synchronous_commit', 'off', true), user_id, video_id, course_id,
           duration_seconds, time_total, last_seq, beat_token_hash,
           coalesce(last_beat_at, started_at) as since
         from video_statistics where statistic_id = ? for update`,
        [playbackId],
      )) as PlaybackRow[];
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
      const c = creditBeat(b, elapsed, row.duration_seconds);
      const total = round3(row.time_total + c.credited);
      const [three, five, ten] = bucketCounts(total);
      const ended = b.event === 'ended';
      const ranges = c.range ? await this.mergedRanges(em, row, c.range) : null;
      await em.execute(
        `with playback as (
           update video_statistics set last_seq = ?, last_beat_at = ?, time_end = ?,
             cur_time_end = greatest(cur_time_end, ?), time_total = ?,
             pause_total = pause_total + ?, end_total = end_total + ?,
             three_min_total = ?, five_min_total = ?, ten_min_total = ?,
             event = case when ? then 'Ended' else event end
           where statistic_id = ? and last_seq < ?
           returning user_id),
         progress as (
           insert into video_progress (user_id, video_id, course_id, seconds, ranges, last_position,
             furthest_position, last_viewed_at, ended)
           select ?, ?, ?, ?, coalesce(?::jsonb, '[]'), ?, ?, ?, ? from playback
           on conflict (user_id, video_id) do update set
             seconds = video_progress.seconds + excluded.seconds,
             ranges = coalesce(?::jsonb, video_progress.ranges),
             last_position = excluded.last_position,
             furthest_position = greatest(video_progress.furthest_position, excluded.furthest_position),
             last_viewed_at = excluded.last_viewed_at,
             ended = video_progress.ended or excluded.ended
           returning 1),
         day as (
           insert into watch_days (user_id, day, video_id, course_id, seconds)
           select ?, ?, ?, ?, ? from playback where ? > 0
           on conflict (user_id, day, video_id) do update set seconds = watch_days.seconds + excluded.seconds
           returning 1)
         select (select count(*) from progress) + (select count(*) from day) as written`,
        [
          b.seq,
          now,
          c.position,
          c.position,
          total,
          b.event === 'pause' ? 1 : 0,
          ended ? 1 : 0,
          three,
          five,
          ten,
          ended,
          playbackId,
          b.seq,
          row.user_id,
          row.video_id,
          row.course_id,
          c.credited,
          ranges,
          c.position,
          c.position,
          now,
          ended,
          ranges,
          row.user_id,
          bangkokDay(now),
          row.video_id,
          row.course_id,
          c.credited,
          c.credited,
        ],
      );
      return {
        userId: row.user_id,
        out: { accepted: true, credited: c.credited, playbackSeconds: total, leaseUntil },
      };
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

  /** The member's coverage of the video with `range` merged in (the row locked until commit), as JSON. */
  private async mergedRanges(em: EntityManager, row: PlaybackRow, range: Range): Promise<string> {
    const [p] = (await em.execute(
      `select ranges from video_progress where user_id = ? and video_id = ? for update`,
      [row.user_id, row.video_id],
    )) as { ranges: Range[] }[];
    return JSON.stringify(mergeRange(p?.ranges ?? [], range));
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
