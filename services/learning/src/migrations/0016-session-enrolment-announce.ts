import { Migration } from '@rian/kit/db';

/**
 * Issue 20 (D163): `announced_at` on `course_sessions` and `user_courses` — when the row's
 * `learning.session.changed` / `learning.enrolment.changed` was first written. Notifications and
 * insights began keeping sessions and enrolments in this release and only learn them from events,
 * which the stream keeps 14 days; rows older than that would never reach them. Existing rows stay
 * null and the service announces each once at start (plugins/app/announce-pending.ts). The column
 * default `now()` marks every row written from here on — whichever release's code inserts it, each
 * insert already writes its event in the same transaction — so a new row is never announced twice.
 * Added nullable first, then the default: `add column … default now()` would stamp the existing
 * rows too.
 * Expand only: new nullable columns and their default; the release before never reads them.
 */
export class LearningSessionEnrolmentAnnounce extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table course_sessions add column announced_at timestamptz null`);
    this.addSql(`alter table course_sessions alter column announced_at set default now()`);
    this.addSql(`alter table user_courses add column announced_at timestamptz null`);
    this.addSql(`alter table user_courses alter column announced_at set default now()`);
  }
}

export const sessionEnrolmentAnnounceMigrations = [
  { name: 'learning_0016_session_enrolment_announce', class: LearningSessionEnrolmentAnnounce },
];
