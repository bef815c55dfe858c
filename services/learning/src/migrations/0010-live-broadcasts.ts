import { Migration } from '@rian/kit/db';

/**
 * Issue 15, the replay: each time a stream goes live (live N → Y) a broadcast opens, closed when it
 * stops; comments and calls keep the broadcast they were posted in (null when the stream was not
 * live). A lesson video may be the recording of one broadcast, its 0 being the broadcast's second
 * `recording_offset_s`. A stream live at this migration gets its open broadcast (from live_since),
 * with the comments posted since.
 */
export class LearningLiveBroadcasts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table live_broadcasts (
      live_broadcast_id uuid primary key,
      live_stream_id uuid not null references live_streams (live_stream_id) on delete cascade,
      started_at timestamptz not null,
      ended_at timestamptz null,
      check (ended_at is null or ended_at >= started_at)
    )`);
    this.addSql(`create index live_broadcasts_stream on live_broadcasts (live_stream_id, started_at desc)`);
    this.addSql(
      `create unique index live_broadcasts_open on live_broadcasts (live_stream_id) where ended_at is null`,
    );
    this.addSql(`alter table live_streams add column broadcast_id uuid null`);
    this.addSql(
      `alter table live_comments add column broadcast_id uuid null references live_broadcasts (live_broadcast_id)`,
    );
    this.addSql(
      `create index live_comments_broadcast_calls on live_comments (broadcast_id, stream_time) where kind = 'call'`,
    );
    this.addSql(`alter table videos
      add column recording_broadcast_id uuid null references live_broadcasts (live_broadcast_id) on delete set null,
      add column recording_offset_s integer not null default 0 check (recording_offset_s >= 0)`);
    this.addSql(
      `create index videos_recording on videos (recording_broadcast_id) where recording_broadcast_id is not null`,
    );
    // streams on air now: their open broadcast, and what was posted since they went live
    this.addSql(`insert into live_broadcasts (live_broadcast_id, live_stream_id, started_at)
      select gen_random_uuid(), live_stream_id, coalesce(live_since, now()) from live_streams where live = 'Y'`);
    this.addSql(`update live_streams s set broadcast_id = b.live_broadcast_id
      from live_broadcasts b where b.live_stream_id = s.live_stream_id and b.ended_at is null`);
    this.addSql(`update live_comments c set broadcast_id = s.broadcast_id
      from live_streams s where s.live_stream_id = c.live_stream_id and s.broadcast_id is not null
        and c.created_at >= s.live_since`);
  }
}

export const liveBroadcastMigrations = [
  { name: 'learning_0010_live_broadcasts', class: LearningLiveBroadcasts },
];
