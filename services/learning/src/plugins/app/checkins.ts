import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import { openText, sealText, secretKeyFrom } from '@rian/kit/secret-box';
import { ERRORS } from '@rian/proto-contracts/errors';
import {
  CHECKIN_STEP_SECONDS,
  CHECKIN_TRIES_PER_DAY,
  CHECKIN_TRIES_PER_WINDOW,
  CHECKIN_TRY_WINDOW_S,
  checkinUrl,
  CheckinRecorded,
  CheckinRemoved,
  type CheckinAdminQuery,
  type CheckinBody,
  type CheckinCsvQuery,
  type CheckinKiosk,
  type CheckinManualResult,
  type CheckinMember,
  type CheckinMemberPage,
  type CheckinMemberQuery,
  type CheckinMethod,
  type CheckinPage,
  type CheckinResult,
  type CheckinSessionList,
  type CheckinSessionsQuery,
  type CheckinStaff,
} from '@rian/proto-contracts/learning-checkin';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { CourseSession, type CourseSessionEntity } from '../../entities/course-session.js';
import { Enrolment } from '../../entities/enrolment.js';
import { CheckinSecret } from '../../entities/session-checkin.js';
import { bangkokDay, UNLIMIT } from '../../domain/access.js';
import { bangkokTime } from '../../domain/calendar.js';
import { checkinStep, codeKind, qrCode, stepEnds, typedCode, verifyCode } from '../../domain/checkin-code.js';
import {
  checkinDenial,
  insideWindow,
  mayAttend,
  takesCheckins,
  type CheckinSession,
} from '../../domain/checkin-rules.js';
import { checkinsCsv } from '../../domain/checkin-csv.js';
import { accessEnrolment } from './member-sessions.js';

/** Binds a sealed secret to its column (kit/secret-box). */
const SECRET_PURPOSE = 'learning:checkin-secret';
/** The CSV export's cap (a session or a course, never the whole history by accident). */
const CSV_MAX_ROWS = 20_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const checkinSession = (s: CourseSessionEntity): CheckinSession => ({
  courseId: s.courseId,
  type: s.type,
  view: s.view,
  special: s.special,
  date: s.date,
  close: s.closeDate ?? UNLIMIT,
  checkin: s.checkin,
});

interface Row {
  checkin_id: string;
  session_id: string;
  course_id: string;
  user_id: string;
  method: CheckinMethod;
  checked_in_by: string | null;
  checked_in_at: Date | string;
  title: string;
  session_date: string | Date;
  member_name: string | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const day = (v: Date | string) => (typeof v === 'string' ? v.slice(0, 10) : bangkokDay(v));

const memberView = (r: Row): CheckinMember => ({
  id: r.checkin_id,
  sessionId: r.session_id,
  courseId: r.course_id,
  sessionTitle: r.title,
  sessionDate: day(r.session_date),
  method: r.method,
  checkedInAt: iso(r.checked_in_at),
});

const staffView = (r: Row): CheckinStaff => ({
  ...memberView(r),
  userId: r.user_id,
  memberName: r.member_name,
  checkedInBy: r.checked_in_by,
});

const SELECT = `select c.checkin_id, c.session_id, c.course_id, c.user_id, c.method, c.checked_in_by,
    c.checked_in_at, s.title, to_char(s.session_date, 'YYYY-MM-DD') as session_date, n.name as member_name
  from session_checkins c
  join course_sessions s on s.session_id = c.session_id
  left join member_names n on n.user_id = c.user_id`;

/**
 * On-site check-in (issue 16): the kiosk's rotating code, the member's check-in by QR or typed code,
 * staff check-ins by hand, and the lists. Rules: domain/checkin-rules.ts and checkin-code.ts;
 * the contract and its limits: proto-contracts/learning-checkin.ts.
 */
export class Checkins {
  constructor(
    private readonly kit: Kit,
    private readonly key: Buffer,
    private readonly siteUrl: string,
  ) {}

  /** What the kiosk shows now: the code of this step and when it changes. */
  async kiosk(sessionId: string, now = new Date()): Promise<CheckinKiosk> {
    const em = this.kit.orm.em.fork();
    const s = await this.checkinSessionOr404(em, sessionId);
    const secret = await this.secretOf(em, s.id, true);
    const step = checkinStep(now);
    const code = qrCode(secret!, s.id, step);
    return {
      sessionId: s.id,
      courseId: s.courseId,
      title: s.title,
      date: s.date,
      start: s.start ?? null,
      to: s.to ?? null,
      open: insideWindow(checkinSession(s), bangkokDay(now)),
      code,
      typedCode: typedCode(secret!, s.id, step),
      url: checkinUrl(this.siteUrl, s.id, code),
      step,
      changesAt: stepEnds(step).toISOString(),
      serverTime: now.toISOString(),
      periodSeconds: CHECKIN_STEP_SECONDS,
      checkedIn: await em
        .getConnection()
        .execute<{ n: number }[]>(`select count(*)::int as n from session_checkins where session_id = ?`, [
          s.id,
        ])
        .then((r) => r[0]!.n),
    };
  }

  /** Sessions staff may run a kiosk for (real, check-in on), with how many checked in. */
  async sessions(q: CheckinSessionsQuery): Promise<CheckinSessionList> {
    const where: string[] = [`s.type = 'real'`, `s.checkin = 'Y'`];
    const params: unknown[] = [];
    if (q.courseId) {
      where.push('s.course_id = ?');
      params.push(q.courseId);
    }
    if (q.from) {
      where.push('s.session_date >= ?');
      params.push(q.from);
    }
    if (q.to) {
      where.push('s.session_date <= ?');
      params.push(q.to);
    }
    const rows = (await this.kit.orm.em.fork().execute(
      `select s.session_id, s.course_id, s.title, to_char(s.session_date, 'YYYY-MM-DD') as date, s.start_time,
         s.to_time, to_char(s.close_date, 'YYYY-MM-DD') as close_date,
         (select count(*)::int from session_checkins c where c.session_id = s.session_id) as checked_in
       from course_sessions s where ${where.join(' and ')}
       order by s.session_date desc, s.start_time asc nulls first, s.item asc limit 200`,
      params,
    )) as Record<string, unknown>[];
    return {
      items: rows.map((r) => ({
        id: r.session_id as string,
        courseId: r.course_id as string,
        title: r.title as string,
        date: r.date as string,
        start: (r.start_time as string | null) ?? null,
        to: (r.to_time as string | null) ?? null,
        closeDate: (r.close_date as string | null) ?? null,
        checkedIn: r.checked_in as number,
      })),
    };
  }

  /**
   * The member checks in with the QR code or the typed code. 201 `checked_in`; 200 `already` with
   * the first check-in; 400 code invalid (also for an unknown session or one without check-in);
   * 403 not enrolled; 409 outside the window; 429 too many wrong typed codes.
   */
  async checkIn(
    userId: string,
    body: CheckinBody,
    now = new Date(),
  ): Promise<{ created: boolean; answer: CheckinResult }> {
    const kind = codeKind(body.code);
    if (kind === 'typed') await this.assertTriesLeft(userId, now);
    const em = this.kit.orm.em.fork();
    const candidates = body.sessionId
      ? await em.find(CourseSession, { id: body.sessionId })
      : await this.todaysSessions(em, userId, now);
    let s: CourseSessionEntity | undefined;
    for (const c of candidates) {
      const secret = takesCheckins(c) && c.view === 'Y' ? await this.secretOf(em, c.id, false) : null;
      if (secret && verifyCode(secret, c.id, body.code, now) !== null) {
        s = c;
        break;
      }
    }
    if (!s) {
      if (kind === 'typed') await this.countWrongTry(userId, now);
      throw new ProblemError('learning.checkin_code_invalid');
    }
    const enrolment = await em.findOne(Enrolment, { userId, courseId: s.courseId });
    const denial = checkinDenial(
      enrolment ? accessEnrolment(enrolment) : null,
      checkinSession(s),
      bangkokDay(now),
    );
    if (denial === 'no_checkin') throw new ProblemError('learning.checkin_code_invalid');
    if (denial === 'not_enrolled') throw new ProblemError('learning.checkin_not_enrolled');
    if (denial === 'closed') throw new ProblemError('learning.checkin_closed');
    const { created, row } = await this.record(em, s, userId, kind, null, now);
    const at = bangkokTime(new Date(row.checked_in_at));
    const messages = created
      ? { th: `เช็คอินสำเร็จ: ${s.title} เวลา ${at} น.`, en: `Checked in: ${s.title} at ${at}` }
      : {
          th: `คุณเช็คอินรอบนี้ไปแล้ว เมื่อเวลา ${at} น.`,
          en: `You already checked in to this session at ${at}`,
        };
    return {
      created,
      answer: {
        result: created ? 'checked_in' : 'already',
        message: messages.th,
        messages,
        checkin: memberView(row),
      },
    };
  }

  /** The sessions a code without a session may be for: today's check-in sessions of the member's courses. */
  private async todaysSessions(em: EntityManager, userId: string, now: Date): Promise<CourseSessionEntity[]> {
    const courseIds = (await em.find(Enrolment, { userId }))
      .map((e) => e.courseId)
      .filter((id) => UUID.test(id));
    if (!courseIds.length) return [];
    const today = bangkokDay(now);
    const sessions = await em.find(CourseSession, {
      courseId: { $in: courseIds },
      type: 'real',
      checkin: 'Y',
      view: 'Y',
      date: { $lte: today },
    });
    return sessions.filter((c) => insideWindow(checkinSession(c), today));
  }

  /** Staff check a member in by hand (any day: staff correct the record); the member must be enrolled. */
  async manual(staffId: string, body: { sessionId: string; userId: string }, now = new Date()) {
    const em = this.kit.orm.em.fork();
    const s = await this.checkinSessionOr404(em, body.sessionId);
    const enrolment = await em.findOne(Enrolment, { userId: body.userId, courseId: s.courseId });
    if (!mayAttend(enrolment ? accessEnrolment(enrolment) : null, checkinSession(s), bangkokDay(now)))
      throw new ProblemError('learning.checkin_not_enrolled', {
        detail: ERRORS['learning.checkin_not_enrolled'].en,
      });
    const { created, row } = await this.record(em, s, body.userId, 'staff', staffId, now);
    return {
      created,
      answer: {
        result: created ? 'checked_in' : 'already',
        checkin: staffView(row),
      } satisfies CheckinManualResult,
    };
  }

  /** Staff remove a check-in made by mistake; `learning.check-in.removed` in the same transaction. */
  async remove(id: string, now = new Date()): Promise<void> {
    await this.kit.orm.em.fork().transactional(async (tx) => {
      const rows = (await tx.execute(
        `delete from session_checkins where checkin_id = ? returning checkin_id, user_id, session_id, checked_in_at`,
        [id],
      )) as Pick<Row, 'checkin_id' | 'user_id' | 'session_id' | 'checked_in_at'>[];
      const r = rows[0];
      if (!r) throw new ProblemError('learning.checkin_not_found');
      this.kit.outbox.add(tx, CheckinRemoved, {
        checkinId: r.checkin_id,
        userId: r.user_id,
        sessionId: r.session_id,
        checkedInAt: iso(r.checked_in_at),
        removedAt: now.toISOString(),
      });
    });
  }

  /** The member's own check-ins, newest first. */
  async mine(userId: string, q: CheckinMemberQuery): Promise<CheckinMemberPage> {
    const page = await this.page(['c.user_id = ?'], [userId], q.page, q.pageSize);
    return { ...page, items: page.items.map(memberView) };
  }

  async list(q: CheckinAdminQuery): Promise<CheckinPage> {
    const [where, params] = filters(q);
    const page = await this.page(where, params, q.page, q.pageSize);
    return { ...page, items: page.items.map(staffView) };
  }

  async csv(q: CheckinCsvQuery): Promise<string> {
    const [where, params] = filters(q);
    const rows = (await this.kit.orm.em.fork().execute(
      `${SELECT} ${where.length ? `where ${where.join(' and ')}` : ''}
       order by s.session_date desc, c.checked_in_at asc limit ${CSV_MAX_ROWS}`,
      params,
    )) as Row[];
    return checkinsCsv(rows.map(staffView));
  }

  private async page(where: string[], params: unknown[], page: number, pageSize: number) {
    const em = this.kit.orm.em.fork();
    const cond = where.length ? `where ${where.join(' and ')}` : '';
    const [items, total] = await Promise.all([
      em.execute(`${SELECT} ${cond} order by c.checked_in_at desc, c.checkin_id desc limit ? offset ?`, [
        ...params,
        pageSize,
        (page - 1) * pageSize,
      ]) as Promise<Row[]>,
      em
        .execute(
          `select count(*)::int as n from session_checkins c
           left join member_names n on n.user_id = c.user_id ${cond}`,
          params,
        )
        .then((r) => (r as { n: number }[])[0]!.n),
    ]);
    return { items, page, pageSize, total };
  }

  /**
   * One row per member and session: `on conflict do nothing` on the unique key, then the row that
   * won — so twenty concurrent scans make one check-in and nineteen "already" answers.
   */
  private async record(
    em: EntityManager,
    s: CourseSessionEntity,
    userId: string,
    method: CheckinMethod,
    by: string | null,
    now: Date,
  ): Promise<{ created: boolean; row: Row }> {
    return em.transactional(async (tx) => {
      const inserted = (await tx.execute(
        `insert into session_checkins (checkin_id, session_id, course_id, user_id, method, checked_in_by, checked_in_at)
         values (?, ?, ?, ?, ?, ?, ?) on conflict (session_id, user_id) do nothing returning checkin_id`,
        [uuidv7(), s.id, s.courseId, userId, method, by, now],
      )) as { checkin_id: string }[];
      const [row] = (await tx.execute(`${SELECT} where c.session_id = ? and c.user_id = ?`, [
        s.id,
        userId,
      ])) as Row[];
      const created = inserted.length === 1;
      // issue 20: once per check-in, in its transaction (an "already" answer tells no one)
      if (created) {
        const { id: checkinId, ...view } = memberView(row!);
        this.kit.outbox.add(tx, CheckinRecorded, { checkinId, userId, ...view });
      }
      return { created, row: row! };
    });
  }

  private async checkinSessionOr404(em: EntityManager, id: string): Promise<CourseSessionEntity> {
    const s = await em.findOne(CourseSession, { id });
    if (!s || !takesCheckins(s)) throw new ProblemError('learning.checkin_session_not_found');
    return s;
  }

  /** The session's secret; made (once, whoever races) when `create`. */
  private async secretOf(em: EntityManager, sessionId: string, create: boolean): Promise<Buffer | null> {
    let row = await em.findOne(CheckinSecret, { sessionId }, { disableIdentityMap: true });
    if (!row && create) {
      await em.execute(
        `insert into session_checkin_secrets (session_id, secret_sealed) values (?, ?) on conflict do nothing`,
        [sessionId, sealText(randomBytes(32).toString('base64url'), this.key, SECRET_PURPOSE)],
      );
      row = await em.findOne(CheckinSecret, { sessionId }, { disableIdentityMap: true });
    }
    return row ? Buffer.from(openText(row.secretSealed, this.key, SECRET_PURPOSE), 'base64url') : null;
  }

  private tryKeys(userId: string, now: Date) {
    return [`checkin:typed:${userId}:w`, `checkin:typed:${userId}:${bangkokDay(now)}`] as const;
  }

  /** 429 when the member has used up the wrong typed codes of the window or the day. Redis away: not limited. */
  private async assertTriesLeft(userId: string, now: Date): Promise<void> {
    let window = 0;
    let today = 0;
    try {
      const [w, d] = await this.kit.redis.mget(...this.tryKeys(userId, now));
      window = Number(w ?? 0);
      today = Number(d ?? 0);
    } catch (err) {
      this.kit.logger.warn({ err }, 'check-in try limit unavailable (Redis): not limited');
      return;
    }
    if (window >= CHECKIN_TRIES_PER_WINDOW || today >= CHECKIN_TRIES_PER_DAY) {
      const ttl =
        window >= CHECKIN_TRIES_PER_WINDOW ? await this.kit.redis.ttl(this.tryKeys(userId, now)[0]) : 3600;
      throw new ProblemError('learning.checkin_too_many_tries', {
        headers: { 'retry-after': String(Math.max(1, ttl)) },
      });
    }
  }

  private async countWrongTry(userId: string, now: Date): Promise<void> {
    const [w, d] = this.tryKeys(userId, now);
    try {
      await this.kit.redis
        .multi()
        .incr(w)
        .expire(w, CHECKIN_TRY_WINDOW_S, 'NX')
        .incr(d)
        .expire(d, 2 * 86_400, 'NX')
        .exec();
    } catch (err) {
      this.kit.logger.warn({ err }, 'check-in try not counted (Redis)');
    }
  }
}

function filters(q: CheckinCsvQuery & { q?: string }): [string[], unknown[]] {
  const where: string[] = [];
  const params: unknown[] = [];
  const text = q.q?.trim();
  if (text) {
    where.push(`(n.name ilike ? escape '\\' or c.user_id = ?)`);
    params.push(`%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`, text);
  }
  if (q.sessionId) {
    where.push('c.session_id = ?');
    params.push(q.sessionId);
  }
  if (q.courseId) {
    where.push('c.course_id = ?');
    params.push(q.courseId);
  }
  if (q.userId) {
    where.push('c.user_id = ?');
    params.push(q.userId);
  }
  return [where, params];
}

declare module 'fastify' {
  interface FastifyInstance {
    checkins: Checkins;
  }
}

export default fp<{ secretKey: string; siteUrl: string }>(
  async (app, opts) => {
    app.decorate(
      'checkins',
      new Checkins(app.kit, secretKeyFrom(opts.secretKey, 'LEARNING_SECRET_KEY'), opts.siteUrl),
    );
  },
  { name: 'checkins' },
);
