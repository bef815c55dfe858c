import pg from 'pg';
import { MikroORM, type EntityManager, type Options } from '@mikro-orm/postgresql';
import { Migrator, Migration } from '@mikro-orm/migrations';
import type { Logger } from './logger.js';
import { kitMigrations } from './kit-migrations.js';
import { kitEntities } from './kit-entities.js';

export { Migration, MikroORM, type EntityManager };

export interface MigrationDef {
  name: string;
  class: new (...args: ConstructorParameters<typeof Migration>) => Migration;
}

export interface OrmOptions {
  url: string;
  entities: Options['entities'];
  migrations: MigrationDef[];
  logger: Logger;
  poolMax?: number;
  /**
   * DATABASE_MIGRATE: `start` runs pending migrations before serving (under an advisory lock, so
   * replicas starting together take turns); `only` runs them and ends the program (a Job or an init
   * step: runServer exits 0 on MigrationsDone); `check` runs none and refuses to start while any is
   * pending (after a Job ran them).
   */
  migrate?: 'start' | 'only' | 'check';
}

/** Thrown by openOrm with DATABASE_MIGRATE=only once the migrations are applied: nothing to serve. */
export class MigrationsDone extends Error {
  constructor(readonly applied: string[]) {
    super(`migrations applied (${applied.length}); DATABASE_MIGRATE=only: not serving`);
    this.name = 'MigrationsDone';
  }
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`database name "${name}" must match [a-z0-9_]+`);
  return name;
}

function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

/** Creates the service's database when it does not exist (each service owns one database). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`create database "${name}"`);
    } catch (err) {
      // another process created it first: 42P04 duplicate_database, or 23505 when both raced in pg_database
      const code = (err as { code?: string }).code;
      if (code !== '42P04' && code !== '23505') throw err;
      return false;
    }
    return true;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Opens MikroORM on the service's database (creating it if needed) and runs pending migrations. */
export async function openOrm(opts: OrmOptions): Promise<MikroORM> {
  await ensureDatabase(opts.url);
  const orm = await MikroORM.init({
    clientUrl: opts.url,
    entities: [...kitEntities, ...(opts.entities as unknown[])] as Options['entities'],
    extensions: [Migrator],
    migrations: {
      migrationsList: [...kitMigrations, ...opts.migrations],
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: opts.poolMax ?? 10 },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: false,
    logger: (msg) => opts.logger.debug({ orm: true }, msg),
  });
  const mode = opts.migrate ?? 'start';
  if (mode === 'check') {
    const pending = await orm.getMigrator().getPendingMigrations();
    if (pending.length > 0) {
      await orm.close(true);
      throw new Error(
        `DATABASE_MIGRATE=check: ${pending.length} migration(s) pending (${pending.map((m) => m.name).join(', ')}): run the migration Job first (DATABASE_MIGRATE=only)`,
      );
    }
    return orm;
  }
  let applied: string[] = [];
  await migrateExclusively(opts.url, async () => {
    applied = (await orm.getMigrator().up()).map((m) => m.name);
  });
  if (mode === 'only') {
    await orm.close(true);
    throw new MigrationsDone(applied);
  }
  return orm;
}

/** Runs migrations under a session advisory lock, so replicas starting together migrate one at a time. */
async function migrateExclusively(url: string, migrate: () => Promise<unknown>): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('rian.migrations'))`);
    await migrate();
  } finally {
    await lock.query(`select pg_advisory_unlock(hashtext('rian.migrations'))`).catch(() => undefined);
    await lock.end();
  }
}

export async function databaseReachable(orm: MikroORM | undefined): Promise<boolean> {
  if (!orm) return false;
  try {
    await orm.em.fork().getConnection().execute('select 1');
    return true;
  } catch {
    return false;
  }
}
