import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import type { StaffRole } from '@rian/proto-contracts/enums';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import type { Paged } from './staff-crud.js';

/**
 * The back office's routes of one record under one path, each optional and staff only:
 * list (GET path), get (GET path/:id), create (POST path → 201), update (PUT path/:id) and delete
 * (DELETE path/:id → 204), with their TypeBox schemas, problem answers and OpenAPI tags.
 *
 * ```ts
 * const lessonRoutes: FastifyPluginAsyncTypebox = async (app) => {
 *   staffRoutes(app, {
 *     path: '/admin/lessons',
 *     tag: 'admin lessons',
 *     noun: 'lesson',
 *     item: LessonStaff,
 *     query: LessonAdminQuery, // e.g. AdminListQuery(LESSON_SORTS, 'item', { courseId: Type.Optional(Uuid()) })
 *     createBody: LessonCreateBody,
 *     updateBody: LessonUpdateBody,
 *     summaries: { list: 'Lessons of every course; q matches title' }, // the rest are made from noun
 *     conflict: ['create', 'update'], // or true: every write may answer 409
 *     list: (q) => app.lessons.list(q),
 *     get: (id) => app.lessons.byId(id),
 *     create: (body, req) => app.lessons.create(body, req.principal?.sub ?? null),
 *     update: (id, body) => app.lessons.update(id, body),
 *     remove: (id) => app.lessons.remove(id),
 *   });
 * };
 * ```
 */

type Write = 'create' | 'update' | 'remove';

export interface StaffRoutes<
  I extends TSchema,
  Q extends TSchema = TSchema,
  CB extends TSchema = TSchema,
  UB extends TSchema = TSchema,
> {
  /** e.g. '/admin/instructors'; get, update and delete are under `${path}/:id` */
  path: string;
  /** the OpenAPI tag */
  tag: string;
  /** what one record is called, for the default summaries ("instructor") */
  noun: string;
  /** the noun's plural, for the list's default summary; `${noun}s` when absent */
  plural?: string;
  /** the staff view every route but delete answers with (the list: a page of them) */
  item: I;
  /** the list's query string (paging, sort, q and filters); needed with `list` */
  query?: Q;
  createBody?: CB;
  updateBody?: UB;
  /** 'admin': an admin only; any staff otherwise */
  role?: StaffRole;
  /** OpenAPI summaries in place of the defaults */
  summaries?: Partial<Record<'list' | 'get' | Write, string>>;
  /** The writes that may answer 409 (a unique or in-use constraint); true: all of them. */
  conflict?: true | readonly Write[];
  list?: (query: Static<Q>, req: FastifyRequest) => Promise<Paged<Static<I>>>;
  get?: (id: string, req: FastifyRequest) => Promise<Static<I>>;
  create?: (body: Static<CB>, req: FastifyRequest) => Promise<Static<I>>;
  update?: (id: string, body: Static<UB>, req: FastifyRequest) => Promise<Static<I>>;
  remove?: (id: string, req: FastifyRequest) => Promise<void>;
}

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };
const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;
const withId = (req: FastifyRequest) => (req.params as { id: string }).id;

/** Declares `opts`'s routes on `app` (inside a service's routes plugin). */
export function staffRoutes<I extends TSchema, Q extends TSchema, CB extends TSchema, UB extends TSchema>(
  app: FastifyInstance,
  opts: StaffRoutes<I, Q, CB, UB>,
): void {
  const { path, noun, item } = opts;
  const preHandler = app.kit.requireStaff(opts.role);
  const base = { tags: [opts.tag], security: [{ bearer: [] }] };
  const conflicts = (w: Write) =>
    opts.conflict === true || opts.conflict?.includes(w) ? { 409: ProblemSchema } : {};
  const summary = (k: 'list' | 'get' | Write, fallback: string) => opts.summaries?.[k] ?? fallback;
  const one = `${path}/:id`;

  const { list, get, create, update, remove } = opts;
  if (list) {
    if (!opts.query) throw new Error(`staffRoutes ${path}: a list needs its query schema`);
    app.get(
      path,
      {
        preHandler,
        schema: {
          ...base,
          summary: summary('list', `${capital(opts.plural ?? `${noun}s`)}, a page at a time`),
          querystring: opts.query,
          response: { 200: Page(item), 400: ProblemSchema, ...guarded },
        },
      },
      async (req) => list(req.query as Static<Q>, req),
    );
  }
  if (get) {
    app.get(
      one,
      {
        preHandler,
        schema: {
          ...base,
          summary: summary('get', `One ${noun}`),
          params: IdParams,
          response: { 200: item, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
        },
      },
      async (req) => get(withId(req), req),
    );
  }
  if (create) {
    if (!opts.createBody) throw new Error(`staffRoutes ${path}: a create needs its body schema`);
    app.post(
      path,
      {
        preHandler,
        schema: {
          ...base,
          summary: summary('create', `Add a ${noun}`),
          body: opts.createBody,
          response: { 201: item, 400: ProblemSchema, ...conflicts('create'), ...guarded },
        },
      },
      async (req: FastifyRequest, reply: FastifyReply) =>
        reply.status(201).send(await create(req.body as Static<CB>, req)),
    );
  }
  if (update) {
    if (!opts.updateBody) throw new Error(`staffRoutes ${path}: an update needs its body schema`);
    app.put(
      one,
      {
        preHandler,
        schema: {
          ...base,
          summary: summary('update', `Change some fields of a ${noun}: absent keeps, null clears`),
          params: IdParams,
          body: opts.updateBody,
          response: {
            200: item,
            400: ProblemSchema,
            404: ProblemSchema,
            ...conflicts('update'),
            ...guarded,
          },
        },
      },
      async (req) => update(withId(req), req.body as Static<UB>, req),
    );
  }
  if (remove) {
    app.delete(
      one,
      {
        preHandler,
        schema: {
          ...base,
          summary: summary('remove', `Delete a ${noun}`),
          params: IdParams,
          response: {
            204: Type.Null(),
            400: ProblemSchema,
            404: ProblemSchema,
            ...conflicts('remove'),
            ...guarded,
          },
        },
      },
      async (req: FastifyRequest, reply: FastifyReply) => {
        await remove(withId(req), req);
        return reply.status(204).send(null);
      },
    );
  }
}
