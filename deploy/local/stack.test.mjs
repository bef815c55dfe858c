import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  DEFAULT_PORTS,
  DEMO_SEED_FLAGS,
  ROOT,
  SERVICES,
  freePorts,
  hasExited,
  liveSourceFor,
  sharedEnv,
  stopChildren,
} from './stack.mjs';
import { DEMO_LIVE_STREAM_IDS } from './live-source.mjs';
import { DEMO_LIVE_STREAM_IDS as CONTRACT_DEMO_STREAMS } from '../../proto-contracts/src/demo.ts';
import { DEFAULT_PORTS as KIT_PORTS } from '../../services/kit/src/config.ts';

const idle = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

describe('stopChildren (what npm start and npm test run on the way out)', () => {
  it('returns when a service was already killed by a signal (exitCode null, its exit long fired)', async () => {
    const crashed = idle();
    const running = idle();
    crashed.kill('SIGKILL');
    await once(crashed, 'exit');
    expect(crashed.exitCode).toBeNull();
    expect(crashed.signalCode).toBe('SIGKILL');

    await stopChildren([
      { name: 'crashed', child: crashed },
      { name: 'running', child: running },
    ]);
    expect(hasExited(running)).toBe(true);
  }, 5_000);

  it('returns when a service already exited with a code', async () => {
    const done = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    await once(done, 'exit');
    await stopChildren([{ name: 'done', child: done }]);
    expect(done.exitCode).toBe(3);
  }, 5_000);
});

describe('sharedEnv (what every process of the stack is told alike)', () => {
  it("gives every service the gateway's URL as SITE_URL, or the one set", () => {
    expect(sharedEnv(DEFAULT_PORTS, {}).SITE_URL).toBe('http://127.0.0.1:3000');
    expect(sharedEnv({ ...DEFAULT_PORTS, gateway: 4567 }, {}).SITE_URL).toBe('http://127.0.0.1:4567');
    expect(sharedEnv(DEFAULT_PORTS, { SITE_URL: 'https://rian.example' }).SITE_URL).toBe(
      'https://rian.example',
    );
    expect(sharedEnv(DEFAULT_PORTS, {})).toMatchObject({
      AUTH_JWKS_URL: 'http://127.0.0.1:3101/.well-known/jwks.json',
      NOTIFICATIONS_URL: 'http://127.0.0.1:3103',
    });
  });
});

describe("freePorts (the browser stack's ports)", () => {
  it('hands out different ports, each free to listen on once chosen', async () => {
    for (let round = 0; round < 20; round++) {
      const ports = await freePorts(11);
      expect(new Set(ports).size).toBe(11);
      for (const port of ports) {
        const srv = createServer();
        await new Promise((resolve, reject) => {
          srv.once('error', reject);
          srv.listen(port, '127.0.0.1', resolve);
        });
        await new Promise((resolve) => srv.close(resolve));
      }
    }
  }, 20_000);
});

describe('liveSourceFor (whether the stack runs the local live source)', () => {
  it("runs it for the demo stream into media's folder only when no streaming server is configured", () => {
    expect(liveSourceFor({})).toEqual({
      mediaDir: join(ROOT, 'var', 'media'),
      streamIds: DEMO_LIVE_STREAM_IDS,
      ffmpeg: 'ffmpeg',
    });
    expect(liveSourceFor({ MEDIA_DIR: '/tmp/m', LEARNING_LIVE_ORIGIN: '' })?.mediaDir).toBe('/tmp/m');
    expect(liveSourceFor({ LEARNING_LIVE_ORIGIN: 'https://ome.example' })).toBeNull();
    // the streams learning seeds (the contract's), which plain Node here cannot import
    expect(DEMO_LIVE_STREAM_IDS).toEqual(Object.values(CONTRACT_DEMO_STREAMS));
    // media keeps files in a bucket: nothing would serve a local folder
    expect(liveSourceFor({ MEDIA_S3_BUCKET: 'rian' })).toBeNull();
  });
});

describe('the services npm start and npm test run', () => {
  it("are every service the kit knows, each on the kit's default port", () => {
    expect([...SERVICES].sort()).toEqual(Object.keys(KIT_PORTS).filter((n) => n !== 'gateway').sort());
    expect(DEFAULT_PORTS).toEqual(KIT_PORTS);
  });

  it('seed the bookings demo key like the other demo data', () => {
    expect(DEMO_SEED_FLAGS).toContain('BOOKINGS_SEED_DEMO');
  });
});
