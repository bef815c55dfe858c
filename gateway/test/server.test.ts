import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventually, freePort, newNamespace } from '@rian/kit/testing';
import { REDIS_URL, deadUrl } from './helpers.js';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));

describe('server.ts', () => {
  it('listens on PORT and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: gatewayDir,
      env: {
        ...process.env,
        PORT: String(port),
        LOG_LEVEL: 'silent',
        REDIS_URL,
        RIAN_NAMESPACE: newNamespace('gw'),
        AUTH_URL: await deadUrl(),
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const res = await eventually(
        () => fetch(`http://127.0.0.1:${port}/api/health/live`).then((r) => (r.ok ? r : undefined)),
        20_000,
        200,
      );
      expect(await res.json()).toEqual({ status: 'ok' });
      const proxied = await fetch(`http://127.0.0.1:${port}/api/auth/me`);
      expect(proxied.status).toBe(503);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
