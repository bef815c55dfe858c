import { Migration } from '@rian/kit/db';

/**
 * Issue 20: what learning tells the dashboard.
 * - `watch_day_totals`: per member × Asia/Bangkok day, the seconds credited (all videos) and the
 *   total last announced as `learning.watch.day-totalled` — the beat's one statement reads the old
 *   and new total from here, so the throttle costs no extra query. Filled for the days already
 *   watched (announced = seconds: history is not sent again).
 * - `live_viewers`: a member given a live playback address for a stream, until it expires (one row
 *   per member and stream, the newest expiry); expired rows of a stream are pruned when it is written.
 * Both are new tables: the release before never reads them (expand).
 */
export class LearningDashboardSignals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table watch_day_totals (
      user_id varchar(64) not null,
      day date not null,
      seconds double precision not null default 0,
      announced_seconds double precision not null default 0,
      primary key (user_id, day)
    )`);
    this.addSql(`insert into watch_day_totals (user_id, day, seconds, announced_seconds)
      select user_id, day, sum(seconds), sum(seconds) from watch_days group by user_id, day
      on conflict do nothing`);
    this.addSql(`create table live_viewers (
      live_stream_id uuid not null references live_streams (live_stream_id) on delete cascade,
      user_id varchar(64) not null,
      expires_at timestamptz not null,
      primary key (live_stream_id, user_id)
    )`);
    this.addSql(`create index live_viewers_expiry on live_viewers (live_stream_id, expires_at)`);
  }
}

export const dashboardSignalsMigrations = [
  { name: 'learning_0015_dashboard_signals', class: LearningDashboardSignals },
];
