import fp from 'fastify-plugin';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import { paged, window, type Paged } from '@rian/kit/staff-crud';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type {
  AdminUserRecordQuery,
  UserDetailInput,
  UserDetailView,
  UserPortInput,
  UserPortView,
  UserRecordQuery,
} from '@rian/proto-contracts/learning-watch';
import {
  UserDetail,
  UserPort,
  type UserDetailEntity,
  type UserPortEntity,
} from '../../entities/user-record.js';
import { Video } from '../../entities/video.js';

export function userDetailView(r: UserDetailEntity): UserDetailView {
  return {
    id: r.id,
    userId: r.userId,
    videoId: r.videoId,
    timeStart: r.timeStart,
    timeEnd: r.timeEnd,
    timeTotal: r.timeTotal,
    event: r.event ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export function userPortView(r: UserPortEntity): UserPortView {
  return {
    id: r.id,
    userId: r.userId,
    value: r.value,
    style: r.style ?? null,
    note: r.note ?? null,
    year: r.year,
    createdAt: r.createdAt.toISOString(),
  };
}

const NEWEST = [{ createdAt: 'desc' }, { id: 'desc' }] as const;

/**
 * Spec 01 §7 userDetail and userPort (list, find, create, delete): a member keeps their own records
 * (another member's answers 404, as if it did not exist); staff read everyone's. Records are not
 * edited: the spec's families have no update.
 */
export class UserRecords {
  constructor(private readonly kit: Kit) {}

  private em = () => this.kit.orm.em.fork();

  async details(q: UserRecordQuery & { userId?: string | undefined }): Promise<Paged<UserDetailView>> {
    const [rows, total] = await this.em().findAndCount(UserDetail, q.userId ? { userId: q.userId } : {}, {
      orderBy: [...NEWEST],
      ...window(q),
    });
    return paged(rows.map(userDetailView), total, q);
  }

  async detail(id: string, userId?: string): Promise<UserDetailView> {
    const r = await this.em().findOne(UserDetail, { id, ...(userId ? { userId } : {}) });
    if (!r) throw new ProblemError('learning.user_detail_not_found');
    return userDetailView(r);
  }

  async createDetail(userId: string, body: UserDetailInput, now = new Date()): Promise<UserDetailView> {
    const em = this.em();
    if (!(await em.count(Video, { id: body.videoId })))
      throw validationProblem([fieldError('videoId', 'learning.video_unknown')]);
    if (body.timeEnd < body.timeStart) throw validationProblem([fieldError('timeEnd', 'validation.format')]);
    const r = em.create(UserDetail, {
      id: uuidv7(),
      userId,
      videoId: body.videoId,
      timeStart: body.timeStart,
      timeEnd: body.timeEnd,
      timeTotal: body.timeTotal,
      event: body.event ?? null,
      createdAt: now,
    });
    await em.flush();
    return userDetailView(r);
  }

  async removeDetail(userId: string, id: string): Promise<void> {
    const n = await this.em().nativeDelete(UserDetail, { id, userId });
    if (!n) throw new ProblemError('learning.user_detail_not_found');
  }

  async ports(q: UserRecordQuery & { userId?: string | undefined }): Promise<Paged<UserPortView>> {
    const [rows, total] = await this.em().findAndCount(UserPort, q.userId ? { userId: q.userId } : {}, {
      orderBy: [...NEWEST],
      ...window(q),
    });
    return paged(rows.map(userPortView), total, q);
  }

  async port(id: string, userId?: string): Promise<UserPortView> {
    const r = await this.em().findOne(UserPort, { id, ...(userId ? { userId } : {}) });
    if (!r) throw new ProblemError('learning.user_port_not_found');
    return userPortView(r);
  }

  async createPort(userId: string, body: UserPortInput, now = new Date()): Promise<UserPortView> {
    const em = this.em();
    const r = em.create(UserPort, {
      id: uuidv7(),
      userId,
      value: body.value,
      style: body.style?.trim() || null,
      note: body.note?.trim() || null,
      year: body.year,
      createdAt: now,
    });
    await em.flush();
    return userPortView(r);
  }

  async removePort(userId: string, id: string): Promise<void> {
    const n = await this.em().nativeDelete(UserPort, { id, userId });
    if (!n) throw new ProblemError('learning.user_port_not_found');
  }

  /** Staff: everyone's, or one member's. */
  adminDetails = (q: AdminUserRecordQuery) => this.details(q);
  adminPorts = (q: AdminUserRecordQuery) => this.ports(q);
}

declare module 'fastify' {
  interface FastifyInstance {
    userRecords: UserRecords;
  }
}

export default fp(
  async (app) => {
    app.decorate('userRecords', new UserRecords(app.kit));
  },
  { name: 'user-records' },
);
