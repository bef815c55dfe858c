import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { hasExited, stopChildren } from './stack.mjs';

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
