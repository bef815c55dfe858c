import fp from 'fastify-plugin';
import { ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import type { Paged } from '@rian/kit/staff-crud';
import type { RecordingBroadcast } from '@rian/proto-contracts/learning-content';
import type {
  LiveBroadcast as LiveBroadcastView,
  LiveBroadcastQuery,
  ReplayCallList,
} from '@rian/proto-contracts/learning-live';
import { LiveBroadcast } from '../../entities/live-broadcast.js';
import { LiveComment } from '../../entities/live-comment.js';
import { LiveStream } from '../../entities/live-stream.js';
import { replayCalls } from '../../domain/replay-calls.js';
import { liveCommentView } from './live-comments.js';

/**
 * Broadcasts (issue 15): each time a stream was on air. Staff list a stream's (with how many calls
 * and recordings each has) to mark a lesson video as the recording of one; the lesson page reads
 * the recording's calls placed in the video's time.
 */
export class LiveBroadcasts {
  constructor(private readonly kit: Kit) {}

  async listStaff(streamId: string, q: LiveBroadcastQuery): Promise<Paged<LiveBroadcastView>> {
    const em = this.kit.orm.em.fork();
    if (!(await em.findOne(LiveStream, { id: streamId }, { fields: ['id'] })))
      throw new ProblemError('learning.live_stream_not_found');
    const [rows, total] = await em.findAndCount(
      LiveBroadcast,
      { streamId },
      { orderBy: { startedAt: 'desc', id: 'desc' }, limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
    );
    const ids = rows.map((r) => r.id);
    const counts = new Map<string, { calls: number; recordings: number }>(
      ids.map((id) => [id, { calls: 0, recordings: 0 }]),
    );
    if (ids.length) {
      const marks = ids.map(() => '?').join(', ');
      const calls = (await em.execute(
        `select broadcast_id as id, count(*)::int as n from live_comments
         where kind = 'call' and broadcast_id in (${marks}) group by broadcast_id`,
        ids,
      )) as { id: string; n: number }[];
      for (const c of calls) counts.get(c.id)!.calls = c.n;
      const videos = (await em.execute(
        `select recording_broadcast_id as id, count(*)::int as n from videos
         where recording_broadcast_id in (${marks}) group by recording_broadcast_id`,
        ids,
      )) as { id: string; n: number }[];
      for (const v of videos) counts.get(v.id)!.recordings = v.n;
    }
    return {
      items: rows.map((b) => ({
        id: b.id,
        streamId: b.streamId,
        startedAt: b.startedAt.toISOString(),
        endedAt: b.endedAt?.toISOString() ?? null,
        callCount: counts.get(b.id)!.calls,
        recordingCount: counts.get(b.id)!.recordings,
      })),
      page: q.page,
      pageSize: q.pageSize,
      total,
    };
  }

  /** The broadcasts these videos record, with their stream's name (the staff video view). */
  async recordings(ids: string[]): Promise<Map<string, RecordingBroadcast>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = (await this.kit.orm.em.fork().execute(
      `select b.live_broadcast_id as id, b.live_stream_id as stream_id, s.name, b.started_at, b.ended_at
       from live_broadcasts b join live_streams s using (live_stream_id)
       where b.live_broadcast_id in (${unique.map(() => '?').join(', ')})`,
      unique,
    )) as { id: string; stream_id: string; name: string; started_at: Date; ended_at: Date | null }[];
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          streamId: r.stream_id,
          streamName: r.name,
          startedAt: new Date(r.started_at).toISOString(),
          endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
        },
      ]),
    );
  }

  /**
   * The visible trade calls of a recording, in its video's time. The caller has applied the
   * session's access rule; a video that records nothing has none.
   */
  async calls(video: {
    recordingBroadcastId: string | null;
    recordingOffsetS: number;
  }): Promise<ReplayCallList> {
    const broadcastId = video.recordingBroadcastId;
    const offsetS = video.recordingOffsetS;
    if (!broadcastId) return { broadcastId: null, offsetS, items: [] };
    const rows = await this.kit.orm.em
      .fork()
      .find(LiveComment, { broadcastId, kind: 'call', hiddenAt: null }, { orderBy: { seq: 'asc' } });
    return { broadcastId, offsetS, items: replayCalls(rows.map(liveCommentView), offsetS) };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    liveBroadcasts: LiveBroadcasts;
  }
}

export default fp(
  async (app) => {
    app.decorate('liveBroadcasts', new LiveBroadcasts(app.kit));
  },
  { name: 'live-broadcasts' },
);
