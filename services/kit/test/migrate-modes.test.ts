import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationsDone, openOrm } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { createTestEnv, type TestEnv } from '../src/testing.js';
import { REPO_ROOT } from '../src/testing-process.js';
import { noteMigrations } from './fixtures.js';

/** DATABASE_MIGRATE: at start (default), as a Job of its own (`only`), or checked only (`check`). */
describe('when migrations run', () => {
  let env: TestEnv;
  const logger = createLogger('migrate-modes', 'silent');
  const open = (service: string, migrate: 'start' | 'only' | 'check') =>
    openOrm({ url: env.databaseUrl(service), entities: [], migrations: noteMigrations, logger, migrate });

  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  it('check: refuses to start while a migration is pending, naming it; starts once a Job ran them', async () => {
    await expect(open('modes', 'check')).rejects.toThrow(
      /DATABASE_MIGRATE=check: \d+ migration\(s\) pending \(.*kittest_0001.*\): run the migration Job first/,
    );
    const done = await open('modes', 'only').catch((err: unknown) => err);
    expect(done).toBeInstanceOf(MigrationsDone);
    expect((done as MigrationsDone).applied).toContain('kittest_0001');
    const orm = await open('modes', 'check');
    const tables = await orm.em.fork().getConnection().execute(`select to_regclass('kittest_note') as t`);
    expect(tables[0]?.t).toBe('kittest_note');
    await orm.close(true);
  });

  it('only: a real service program applies its migrations and exits 0 without serving', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/catalog/src/server.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        ...env.envFor('catalog'),
        PORT: '0',
        DATABASE_MIGRATE: 'only',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, out).toBe(0);
    expect(out).toMatch(/migrations applied \(\d+\); DATABASE_MIGRATE=only: not serving/);
    // and the service now starts in check mode against the same database
    const check = spawn(process.execPath, ['--import', 'tsx', 'services/catalog/src/server.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        ...env.envFor('catalog'),
        PORT: '0',
        DATABASE_MIGRATE: 'check',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const listening = new Promise<void>((resolve, reject) => {
      const seen = (d: Buffer) => {
        log += d.toString();
        if (log.includes('Server listening')) resolve();
      };
      check.stdout.on('data', seen);
      check.stderr.on('data', seen);
      check.once('exit', (c) => reject(new Error(`exited ${c}: ${log}`)));
    });
    try {
      await listening;
    } finally {
      const exited = new Promise((r) => check.once('exit', r));
      check.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
