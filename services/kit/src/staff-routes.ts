import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
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
 *     // a StaffService: listStaff(q), staffById(id), create(body, createdBy), update(id, body), remove(id)
 *     service: app.lessons,
 *   });
 *   // or each route's handler (only those given are declared), which may read the request:
 *   staffRoutes(app, {
 *     path: '/admin/lesson-files', tag: 'admin lessons', noun: 'lesson file', item: LessonFileStaff,
 *     query: LessonFileQuery, createBody: LessonFileCreateBody,
 *     list: (q) => app.lessons.listFiles(q),
 *     create: (body, req) => app.lessons.addFile(body, req.principal?.sub ?? null),
 *     remove: (id, req) => app.lessons.removeFile(id, req.principal?.sub ?? null),
 *   });
 * };
 * ```
 * Options beside: `role: 'admin'` (admins only), `idParam: 'planId'` ('/path/:planId'),
 * `problems: { create: [404] }` (other problem statuses a route may answer), `plural` (for the
 * list's default summary).
 *
 * Records under a parent ('/admin/courses/:courseId/lessons'): `params` is the parent's path
 * parameters; every route validates and documents them (a bad one answers 400, and each route may
 * answer 404: the parent is gone), and each handler is given them last:
 * ```ts
 * staffRoutes(app, {
 *   path: '/admin/courses/:courseId/lessons', params: Type.Object({ courseId: Uuid() }), ...,
 *   list: (q, req, { courseId }) => app.lessons.list(courseId, q),
 *   get: (id, req, { courseId }) => app.lessons.byId(courseId, id),
 * });
 * ```
 */

type Write = 'create' | 'update' | 'remove';
/** No parent: the handlers' last argument is an empty object. */
type NoParams = Record<never, TSchema>;
type Route = 'list' | 'get' | Write;

export interface StaffRoutes<
  I extends TSchema,
  Q extends TSchema = TSchema,
  CB extends TSchema = TSchema,
  UB extends TSchema = TSchema,
  P extends TProperties = NoParams,
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
  summaries?: Partial<Record<Route, string>>;
  /** The writes that may answer 409 (a unique or in-use constraint); true: all of them. */
  conflict?: true | readonly Write[];
  /** Other problem statuses a route may answer, e.g. `{ create: [404] }` (a parent it names is gone). */
  problems?: Partial<Record<Route, readonly number[]>>;
  /** The path parameter of one record ('id' when absent): '/admin/plans/:planId'. */
  idParam?: string;
  /**
   * The parent's path parameters in `path` (e.g. `Type.Object({ courseId: Uuid() })` for
   * '/admin/courses/:courseId/sessions'): validated on every route, given to every handler.
   */
  params?: TObject<P>;
  /**
   * A service with the five staff methods under their usual names: declares all five routes (a
   * handler given beside it takes the place of its method).
   */
  service?: StaffService<Static<I>, Static<Q>, Static<CB>, Static<UB>>;
  list?: (query: Static<Q>, req: FastifyRequest, parent: Static<TObject<P>>) => Promise<Paged<Static<I>>>;
  get?: (id: string, req: FastifyRequest, parent: Static<TObject<P>>) => Promise<Static<I>>;
  create?: (body: Static<CB>, req: FastifyRequest, parent: Static<TObject<P>>) => Promise<Static<I>>;
  update?: (
    id: string,
    body: Static<UB>,
    req: FastifyRequest,
    parent: Static<TObject<P>>,
  ) => Promise<Static<I>>;
  remove?: (id: string, req: FastifyRequest, parent: Static<TObject<P>>) => Promise<void>;
}

/** What `service:` calls: create is given the staff member's id (`req.principal.sub`). */
export interface StaffService<T, Q, CB, UB> {
  listStaff(query: Q): Promise<Paged<T>>;
  staffById(id: string): Promise<T>;
  create(body: CB, createdBy: string | null): Promise<T>;
  update(id: string, body: UB): Promise<T>;
  remove(id: string): Promise<void>;
}

/** The five handlers of a StaffService. */
function handlersOf<T, Q, CB, UB>(s: StaffService<T, Q, CB, UB> | undefined) {
  if (!s) return {};
  return {
    list: (q: Q) => s.listStaff(q),
    get: (id: string) => s.staffById(id),
    create: (body: CB, req: FastifyRequest) => s.create(body, req.principal?.sub ?? null),
    update: (id: string, body: UB) => s.update(id, body),
    remove: (id: string) => s.remove(id),
  };
}

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** Declares `opts`'s routes on `app` (inside a service's routes plugin). */
export function staffRoutes<
  I extends TSchema,
  Q extends TSchema,
  CB extends TSchema,
  UB extends TSchema,
  P extends TProperties = NoParams,
>(app: FastifyInstance, opts: StaffRoutes<I, Q, CB, UB, P>): void {
  const { path, noun, item } = opts;
  const fromService = handlersOf(opts.service);
  const list = opts.list ?? fromService.list;
  const get = opts.get ?? fromService.get;
  const create = opts.create ?? fromService.create;
  const update = opts.update ?? fromService.update;
  const remove = opts.remove ?? fromService.remove;
  const preHandler = app.kit.requireStaff(opts.role);
  const idParam = opts.idParam ?? 'id';
  const one = `${path}/:${idParam}`;
  const parentProps = opts.params?.properties ?? {};
  if (idParam in parentProps)
    throw new Error(`staffRoutes ${path}: ${idParam} is both the parent's and the record's`);
  const ParentParams = opts.params ? Type.Object(parentProps) : undefined;
  const IdParams = Type.Object({ ...parentProps, [idParam]: Uuid() });
  const withId = (req: FastifyRequest) => (req.params as Record<string, string>)[idParam] ?? '';
  /** The parent's parameters of the request (validated by the route's schema). */
  const parentOf = (req: FastifyRequest) => {
    const all = req.params as Record<string, unknown>;
    return Object.fromEntries(Object.keys(parentProps).map((k) => [k, all[k]])) as Static<TObject<P>>;
  };
  const atParent = ParentParams ? { params: ParentParams } : {};
  /** A route's options: the guard, the tag, its summary, its parts, and every problem it may answer. */
  const route = (
    r: Route,
    summary: string,
    parts: { params?: TSchema; querystring?: TSchema; body?: TSchema },
    ok: Record<number, TSchema>,
  ) => {
    const conflict = r !== 'list' && r !== 'get' && (opts.conflict === true || opts.conflict?.includes(r));
    return {
      preHandler,
      schema: {
        tags: [opts.tag],
        security: [{ bearer: [] }],
        summary: opts.summaries?.[r] ?? summary,
        ...parts,
        response: {
          ...ok,
          400: ProblemSchema,
          ...(parts.params ? { 404: ProblemSchema } : {}),
          ...(conflict ? { 409: ProblemSchema } : {}),
          ...Object.fromEntries((opts.problems?.[r] ?? []).map((status) => [status, ProblemSchema])),
          401: ProblemSchema,
          403: ProblemSchema,
        },
      },
    };
  };
  const needs = (what: TSchema | undefined, name: string): TSchema => {
    if (!what) throw new Error(`staffRoutes ${path}: needs its ${name} schema`);
    return what;
  };

  if (list) {
    const querystring = needs(opts.query, 'query');
    const plural = opts.plural ?? `${noun}s`;
    app.get(
      path,
      route(
        'list',
        `${capital(plural)}, a page at a time`,
        { ...atParent, querystring },
        { 200: Page(item) },
      ),
      async (req) => list(req.query as Static<Q>, req, parentOf(req)),
    );
  }
  if (get) {
    app.get(one, route('get', `One ${noun}`, { params: IdParams }, { 200: item }), async (req) =>
      get(withId(req), req, parentOf(req)),
    );
  }
  if (create) {
    const body = needs(opts.createBody, 'create body');
    app.post(
      path,
      route('create', `Add a ${noun}`, { ...atParent, body }, { 201: item }),
      async (req: FastifyRequest, reply: FastifyReply) =>
        reply.status(201).send(await create(req.body as Static<CB>, req, parentOf(req))),
    );
  }
  if (update) {
    const body = needs(opts.updateBody, 'update body');
    const summary = `Change some fields of a ${noun}: absent keeps, null clears`;
    app.put(one, route('update', summary, { params: IdParams, body }, { 200: item }), async (req) =>
      update(withId(req), req.body as Static<UB>, req, parentOf(req)),
    );
  }
  if (remove) {
    app.delete(
      one,
      route('remove', `Delete a ${noun}`, { params: IdParams }, { 204: Type.Null() }),
      async (req: FastifyRequest, reply: FastifyReply) => {
        await remove(withId(req), req, parentOf(req));
        return reply.status(204).send(null);
      },
    );
  }
}
