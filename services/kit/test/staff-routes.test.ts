import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type, type Static } from '@sinclair/typebox';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { AdminListQuery, RequiredText } from '@rian/proto-contracts/common';
import { defineEvent } from '@rian/proto-contracts/envelope';
import { buildService, type ServiceApp } from '../src/service.js';
import { Migration } from '../src/db.js';
import { ProblemError } from '../src/errors.js';
import { StaffCrud, type Paged } from '../src/staff-crud.js';
import { staffRoutes } from '../src/staff-routes.js';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '../src/testing.js';
import { testConfig } from './fixtures.js';

/** A tiny back-office record ("shelf") kept through StaffCrud and served by staffRoutes. */
const Shelf = defineEntity({
  name: 'Shelf',
  tableName: 'kittest_shelf',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    room: p.string(),
    item: p.integer(),
    createdBy: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
type ShelfEntity = InferEntity<typeof Shelf>;

class ShelfMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table kittest_shelf (
      id uuid primary key, name varchar(100) not null, room varchar(20) not null, item int not null,
      created_by varchar(64), created_at timestamptz not null, updated_at timestamptz not null)`);
    this.addSql(`create unique index kittest_shelf_name_unique on kittest_shelf (lower(name))`);
  }
}

const ShelfStaff = Type.Object({
  id: Type.String(),
  name: Type.String(),
  room: Type.String(),
  item: Type.Integer(),
  createdBy: Type.Union([Type.String(), Type.Null()]),
});
type ShelfStaff = Static<typeof ShelfStaff>;
const ShelfChanged = defineEvent('kittest.shelf.changed', 1, ShelfStaff);
const ShelfDeleted = defineEvent('kittest.shelf.deleted', 1, Type.Object({ id: Type.String() }));
const ShelfCreateBody = Type.Object({
  name: RequiredText(100),
  room: RequiredText(20),
  item: Type.Integer(),
});
const ShelfUpdateBody = Type.Partial(ShelfCreateBody);
const ShelfQuery = AdminListQuery(['name', '-name', 'item', '-item'], 'name', {
  room: Type.Optional(Type.String()),
});

const shelfStaff = (s: ShelfEntity): ShelfStaff => ({
  id: s.id,
  name: s.name,
  room: s.room,
  item: s.item,
  createdBy: s.createdBy ?? null,
});

describe('staffRoutes over StaffCrud', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;
  let staff: string;
  let commits = 0;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff', 'staff-7');
    app = await buildService({
      name: 'kittest',
      description: 'staff routes under test',
      config: testConfig(env.envFor('kittest')),
      entities: [Shelf],
      migrations: [{ name: 'kittest_shelf_0001', class: ShelfMigration }],
      tokenKeys: issuer.keys,
      routes: async (a) => {
        const crud = new StaffCrud(
          {
            kit: a.kit,
            afterCommit: async () => {
              commits++;
            },
          },
          {
            entity: Shelf,
            notFound: 'http.not_found',
            staff: shelfStaff,
            changed: ShelfChanged,
            deleted: ShelfDeleted,
            deletedData: (s) => ({ id: s.id }),
          },
        );
        const conflicts = { kittest_shelf_name_unique: 'auth.username_taken' } as const;
        staffRoutes(a, {
          path: '/admin/shelves',
          tag: 'admin shelves',
          noun: 'shelf',
          plural: 'shelves',
          item: ShelfStaff,
          query: ShelfQuery,
          createBody: ShelfCreateBody,
          updateBody: ShelfUpdateBody,
          conflict: ['create', 'update'],
          list: (q) => crud.search(q, ['name'], q.room ? { room: q.room } : {}),
          get: (id) => crud.byId(id),
          create: (body, req) => crud.create(body, req.principal?.sub ?? null, { conflicts }),
          update: (id, body) => crud.update(id, () => body, { conflicts }),
          remove: (id) =>
            crud.remove(id, {
              before: async (_em, s) => {
                if (s.name === 'keep') throw new ProblemError('auth.forbidden');
              },
            }),
        });
        // the same record through a StaffService: all five routes from its methods
        staffRoutes(a, {
          path: '/admin/racks',
          tag: 'admin racks',
          noun: 'rack',
          item: ShelfStaff,
          query: ShelfQuery,
          createBody: ShelfCreateBody,
          updateBody: ShelfUpdateBody,
          service: {
            listStaff: (q) => crud.search(q, ['name'], { room: 'R' }),
            staffById: (id) => crud.byId(id),
            create: (body, createdBy) => crud.create({ ...body, room: 'R' }, createdBy),
            update: (id, body) => crud.update(id, () => body),
            remove: (id) => crud.remove(id),
          },
        });
        // shelves under their room: the parent's parameter validated on every route, given to every handler
        const inRoom = async (room: string, id: string) => {
          const shelf = await crud.byId(id);
          if (shelf.room !== room) throw new ProblemError('http.not_found');
          return shelf;
        };
        staffRoutes(a, {
          path: '/admin/rooms/:room/shelves',
          params: Type.Object({ room: Type.String({ pattern: '^[A-Z]{1,3}$' }) }),
          tag: 'admin rooms',
          noun: 'shelf',
          plural: 'shelves',
          item: ShelfStaff,
          query: ShelfQuery,
          createBody: Type.Omit(ShelfCreateBody, ['room']),
          updateBody: Type.Omit(ShelfUpdateBody, ['room']),
          list: (q, _req, { room }) => crud.search(q, ['name'], { room }),
          get: (id, _req, { room }) => inRoom(room, id),
          create: (body, req, { room }) => crud.create({ ...body, room }, req.principal?.sub ?? null),
          update: async (id, body, _req, { room }) => {
            await inRoom(room, id);
            return crud.update(id, () => body);
          },
          remove: async (id, _req, { room }) => {
            await inRoom(room, id);
            await crud.remove(id);
          },
        });
        // an admin-only record with reads only
        staffRoutes(a, {
          path: '/admin/vault',
          tag: 'admin vault',
          noun: 'vault shelf',
          item: ShelfStaff,
          role: 'admin',
          idParam: 'shelfId',
          problems: { get: [409] },
          get: (id) => crud.byId(id),
        });
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = staff,
  ) =>
    app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const create = async (body: object) => {
    const res = await call('POST', '/admin/shelves', body);
    expect(res.statusCode).toBe(201);
    return res.json<ShelfStaff>();
  };

  it('guards every route: no token 401, a member 403, staff through; role admin refuses other staff', async () => {
    const member = await issuer.member();
    const id = '0190a5b2-0000-7000-8000-000000000001';
    for (const [method, url, body] of [
      ['GET', '/admin/shelves'],
      ['GET', `/admin/shelves/${id}`],
      ['POST', '/admin/shelves', { name: 'x', room: 'A', item: 1 }],
      ['PUT', `/admin/shelves/${id}`, { item: 2 }],
      ['DELETE', `/admin/shelves/${id}`],
    ] as const) {
      const anonymous = await call(method, url, body, '');
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'auth.unauthenticated' });
      expect((await call(method, url, body, member)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/admin/vault/${id}`)).statusCode).toBe(403);
    expect((await call('GET', `/admin/vault/${id}`, undefined, await issuer.staff('admin'))).statusCode).toBe(
      404,
    );
    const badId = await call('GET', '/admin/vault/x', undefined, await issuer.staff('admin'));
    expect(badId.json().errors).toEqual([expect.objectContaining({ field: 'shelfId' })]);
    // only the routes given are declared
    expect((await call('POST', '/admin/vault', { name: 'x', room: 'A', item: 1 })).statusCode).toBe(404);
  });

  it('answers schema failures 400 problem+json: a bad id, a bad body, a sort not allowed', async () => {
    const badId = await call('GET', '/admin/shelves/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ code: 'validation.failed' });
    const badBody = await call('POST', '/admin/shelves', { name: '', room: 'A', item: 'one' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'name', code: 'validation.required' })]),
    );
    expect((await call('GET', '/admin/shelves?sort=room')).statusCode).toBe(400);
    expect((await call('GET', '/admin/shelves?pageSize=101')).statusCode).toBe(400);
  });

  it('creates 201 with who made it, reads it back, updates it, deletes 204, then 404 everywhere', async () => {
    const before = commits;
    const made = await create({ name: 'Maps', room: 'A', item: 3 });
    expect(made).toMatchObject({ name: 'Maps', room: 'A', item: 3, createdBy: 'staff-7' });
    expect((await call('GET', `/admin/shelves/${made.id}`)).json()).toEqual(made);

    const changed = await call('PUT', `/admin/shelves/${made.id}`, { item: 4 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...made, item: 4 });

    const gone = await call('DELETE', `/admin/shelves/${made.id}`);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect(commits - before).toBe(3);

    for (const [method, body] of [['GET'], ['PUT', { item: 5 }], ['DELETE']] as const) {
      const res = await call(method, `/admin/shelves/${made.id}`, body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({ code: 'http.not_found' });
    }

    const changes = await eventually(async () => {
      const events = await publishedEvents<ShelfStaff>(env.namespace, 'kittest', 'kittest.shelf.changed');
      const mine = events.filter((e) => e.data.id === made.id);
      return mine.length === 2 && mine;
    });
    expect(changes.map((e) => e.data.item)).toEqual([3, 4]);
    await eventually(async () =>
      (await publishedEvents(env.namespace, 'kittest', 'kittest.shelf.deleted')).some(
        (e) => (e.data as { id: string }).id === made.id,
      ),
    );
  });

  it('turns a named constraint into its 409, and a refusal in `before` into its problem (nothing removed)', async () => {
    const a = await create({ name: 'Atlas', room: 'B', item: 1 });
    const twice = await call('POST', '/admin/shelves', { name: 'ATLAS', room: 'C', item: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'auth.username_taken' });
    const b = await create({ name: 'Globes', room: 'B', item: 1 });
    expect((await call('PUT', `/admin/shelves/${b.id}`, { name: 'atlas' })).statusCode).toBe(409);

    const keep = await create({ name: 'keep', room: 'B', item: 1 });
    expect((await call('DELETE', `/admin/shelves/${keep.id}`)).statusCode).toBe(403);
    expect((await call('GET', `/admin/shelves/${keep.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/admin/shelves/${a.id}`)).json()).toEqual(a);
  });

  it('declares all five routes from a StaffService, create given the staff member', async () => {
    const made = await call('POST', '/admin/racks', { name: 'Rack one', room: 'ignored', item: 1 });
    expect(made.statusCode).toBe(201);
    const rack = made.json<ShelfStaff>();
    expect(rack).toMatchObject({ room: 'R', createdBy: 'staff-7' });
    expect((await call('GET', '/admin/racks')).json<Paged<ShelfStaff>>().items).toEqual([rack]);
    expect((await call('PUT', `/admin/racks/${rack.id}`, { item: 2 })).json()).toEqual({ ...rack, item: 2 });
    expect((await call('DELETE', `/admin/racks/${rack.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/admin/racks/${rack.id}`)).statusCode).toBe(404);
  });

  it('lists a page at a time in the sort asked, searching name (% taken literally) within the filter', async () => {
    for (const [name, item] of [
      ['Poetry', 2],
      ['Prose', 1],
      ['Plays 100%', 3],
      ['Plays 1000', 4],
    ] as const) {
      await create({ name, room: 'P', item });
    }
    await create({ name: 'Prose elsewhere', room: 'Q', item: 9 });
    const page = async (qs: string) => {
      const res = await call('GET', `/admin/shelves?room=P&${qs}`);
      expect(res.statusCode).toBe(200);
      return res.json<Paged<ShelfStaff>>();
    };

    const first = await page('sort=-item&pageSize=3');
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 4 });
    expect(first.items.map((s) => s.name)).toEqual(['Plays 1000', 'Plays 100%', 'Poetry']);
    const second = await page('sort=-item&pageSize=3&page=2');
    expect(second.items.map((s) => s.name)).toEqual(['Prose']);

    expect((await page('')).items.map((s) => s.name)).toEqual([
      'Plays 100%',
      'Plays 1000',
      'Poetry',
      'Prose',
    ]);
    expect((await page('q=pro')).items.map((s) => s.name)).toEqual(['Prose']);
    expect((await page('q=100%25')).items.map((s) => s.name)).toEqual(['Plays 100%']);
    expect((await call('GET', '/admin/shelves?q=prose&sort=name')).json<Paged<ShelfStaff>>().total).toBe(2);
  });

  it('serves records under a parent path parameter: each handler given it, a bad one 400', async () => {
    const made = await call('POST', '/admin/rooms/K/shelves', { name: 'Kept in K', item: 1 });
    expect(made.statusCode, made.body).toBe(201);
    const shelf = made.json<ShelfStaff>();
    expect(shelf).toMatchObject({ room: 'K', createdBy: 'staff-7' });
    expect((await call('GET', '/admin/rooms/K/shelves')).json<Paged<ShelfStaff>>().items).toEqual([shelf]);
    expect((await call('GET', '/admin/rooms/L/shelves')).json<Paged<ShelfStaff>>().total).toBe(0);
    expect((await call('GET', `/admin/rooms/K/shelves/${shelf.id}`)).json()).toEqual(shelf);
    // through another room: not there
    for (const [method, body] of [['GET'], ['PUT', { item: 2 }], ['DELETE']] as const) {
      expect((await call(method, `/admin/rooms/L/shelves/${shelf.id}`, body)).statusCode, method).toBe(404);
    }
    expect((await call('PUT', `/admin/rooms/K/shelves/${shelf.id}`, { item: 2 })).json()).toEqual({
      ...shelf,
      item: 2,
    });
    // the parent's parameter is checked on every route, before any handler
    for (const [method, url, body] of [
      ['GET', '/admin/rooms/k1/shelves'],
      ['POST', '/admin/rooms/k1/shelves', { name: 'x', item: 1 }],
      ['GET', `/admin/rooms/k1/shelves/${shelf.id}`],
      ['PUT', `/admin/rooms/k1/shelves/${shelf.id}`, { item: 3 }],
      ['DELETE', `/admin/rooms/k1/shelves/${shelf.id}`],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'room' })]);
    }
    expect((await call('DELETE', `/admin/rooms/K/shelves/${shelf.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/admin/rooms/K/shelves/${shelf.id}`)).statusCode).toBe(404);
  });

  it('documents each route under its tag with its problem answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { tags: string[]; summary: string; responses: object }>>;
    }>();
    const one = doc.paths['/admin/shelves/{id}'];
    expect(one?.put?.tags).toEqual(['admin shelves']);
    expect(Object.keys(one?.put?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(Object.keys(one?.delete?.responses ?? {}).sort()).toEqual(['204', '400', '401', '403', '404']);
    expect(doc.paths['/admin/shelves']?.get?.summary).toBe('Shelves, a page at a time');
    // under a parent: its parameter on every route, and 404 (the parent is gone) on the list and create too
    const underRoom = doc.paths['/admin/rooms/{room}/shelves'];
    expect(Object.keys(underRoom?.get?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(Object.keys(underRoom?.post?.responses ?? {}).sort()).toEqual(['201', '400', '401', '403', '404']);
    const paramsOf = (op: unknown) =>
      ((op as { parameters?: { in: string; name: string }[] }).parameters ?? [])
        .filter((x) => x.in === 'path')
        .map((x) => x.name)
        .sort();
    expect(paramsOf(underRoom?.get)).toEqual(['room']);
    expect(paramsOf(doc.paths['/admin/rooms/{room}/shelves/{id}']?.put)).toEqual(['id', 'room']);
    expect(Object.keys(doc.paths['/admin/vault/{shelfId}']?.get?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
    ]);
  });
});
