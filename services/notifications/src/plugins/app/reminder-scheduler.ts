import type { MikroORM } from '@rian/kit/db';
import type { Logger } from '@rian/kit/logger';
import { PassLoop } from '@rian/kit/pass-loop';
import {
  LINE_SESSION_REMINDER_TEMPLATE,
  sessionReminderLine,
  type ReminderSessionType,
} from '../../domain/line-templates.js';
import { enqueueMemberLine } from './member-line.js';

/** How long before a session starts its reminder goes out. */
export const REMINDER_LEAD_MS = 60 * 60_000;

export interface ReminderSchedulerOptions {
  orm: MikroORM;
  logger: Logger;
  siteUrl: string;
  /** now; a test sets it */
  clock?: () => Date;
  /** how often sessions are looked at (a minute) */
  intervalMs?: number;
  /** most reminders claimed per query before asking again */
  batchSize?: number;
}

interface Due {
  session_id: string;
  title: string;
  type: ReminderSessionType;
  starts_at: Date;
  user_id: string;
  line_user_id: string;
  locale: string | null;
}

/**
 * The LINE session reminder (issue 20): every minute, and once at start, find the meeting, live and
 * on-site sessions starting within the next hour (after now, at most an hour ahead) that are
 * viewable, and the members with LINE linked whose enrolment in the session's course is active on
 * the session's day (special sessions: special enrolments only) and who have no reminder for that
 * session and start instant yet. Each is claimed — `insert … on conflict do nothing` on
 * line_reminders (session, start instant, member) — and its delivery written in the same
 * transaction, so a restart, a second pass or a second replica never writes a second one, and a
 * claim is never left without its delivery. The delivery sender pushes it after commit.
 *
 * A session moved to another time is a new start instant: its members are reminded again for the
 * new time (once). A reminder not sent while the service was down goes out at the next pass, if the
 * session has not started yet; never after.
 */
export class ReminderScheduler {
  private readonly clock: () => Date;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly log: Logger;

  constructor(private readonly opts: ReminderSchedulerOptions) {
    this.clock = opts.clock ?? (() => new Date());
    this.intervalMs = opts.intervalMs ?? 60_000;
    this.batchSize = opts.batchSize ?? 200;
    this.log = opts.logger.child({ worker: 'line-reminders' });
    this.loop = new PassLoop({
      name: 'reminder',
      logger: this.log,
      pass: async () => {
        const claimed = await this.runOnce();
        if (claimed) this.log.info({ claimed }, 'session reminders written');
        return this.intervalMs;
      },
      retryMs: () => this.intervalMs,
    });
  }

  private readonly loop: PassLoop;

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** One pass: claims and writes every due reminder. Returns how many this pass claimed. */
  async runOnce(): Promise<number> {
    const now = this.clock();
    const until = new Date(now.getTime() + REMINDER_LEAD_MS);
    let claimed = 0;
    for (;;) {
      const due = await this.due(now, until);
      let fresh = 0;
      for (const d of due) {
        if (await this.claim(d)) fresh++;
      }
      claimed += fresh;
      // a full batch may hide more; one claimed elsewhere meanwhile is skipped by the next query
      if (due.length < this.batchSize || this.loop.stopped) return claimed;
    }
  }

  private async due(now: Date, until: Date): Promise<Due[]> {
    return (await this.opts.orm.em.fork().execute(
      `select s.id as session_id, s.title, s.type, s.starts_at, m.user_id, l.line_user_id, c.locale
       from course_sessions s
       join course_members m on m.course_id = s.course_id and m.status = 'active'
         and (m.start_day is null or m.start_day <= s.day) and (m.end_day is null or m.end_day >= s.day)
         and (s.special = 'N' or m.special = 'Y')
       join line_links l on l.user_id = m.user_id and l.line_user_id is not null
       left join user_contacts c on c.user_id = m.user_id
       where s.deleted_at is null and s.view = 'Y' and s.type in ('meeting', 'live', 'real')
         and s.starts_at > ? and s.starts_at <= ?
         and not exists (select 1 from line_reminders r
           where r.session_id = s.id and r.starts_at = s.starts_at and r.user_id = m.user_id)
       order by s.starts_at, s.id, m.user_id
       limit ?`,
      [now, until, this.batchSize],
    )) as Due[];
  }

  /** Claims one reminder and writes its delivery, in one transaction; false when it was claimed before. */
  private async claim(d: Due): Promise<boolean> {
    const startsAt = new Date(d.starts_at).toISOString();
    return this.opts.orm.em.fork().transactional(async (em) => {
      const rows = (await em.execute(
        `insert into line_reminders (session_id, starts_at, user_id) values (?, ?, ?)
         on conflict do nothing returning session_id`,
        [d.session_id, startsAt, d.user_id],
      )) as unknown[];
      if (rows.length === 0) return false;
      const locale = d.locale === 'en' ? 'en' : 'th';
      await enqueueMemberLine(em, {
        to: { userId: d.user_id, lineUserId: d.line_user_id, locale },
        template: LINE_SESSION_REMINDER_TEMPLATE,
        message: sessionReminderLine({
          title: d.title,
          type: d.type,
          startsAt,
          siteUrl: this.opts.siteUrl,
          locale,
        }),
        key: `session-reminder:${d.session_id}:${startsAt}:${d.user_id}`,
      });
      return true;
    });
  }
}
