import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is services/kit/src/testing-process.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServiceProcessOptions {
  /** e.g. `services/orders/src/server.ts`, relative to the repository root */
  entry: string;
  port: number;
  env: Record<string, string>;
  /** where stdout and stderr go (appended across restarts); none: discarded */
  logFile?: string;
  /** how long a start may take before it counts as failed */
  readyTimeoutMs?: number;
  /** answers 200 once it is ready (default /readyz; the gateway's: /api/health/live) */
  readyPath?: string;
}

/**
 * One service as a real operating-system process (node + tsx, as `npm start` runs it), so a test
 * can kill it with SIGKILL mid-way — no graceful shutdown, no drained NATS, no closed transactions —
 * and start it again on the same port and database.
 */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private log: WriteStream | undefined;
  /** every start, for the test's own report */
  starts = 0;

  constructor(
    readonly name: string,
    private readonly opts: ServiceProcessOptions,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.opts.port}`;
  }

  /** the operating-system process id while it runs (e.g. to read its memory from /proc) */
  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    if (this.running) return;
    if (this.opts.logFile && !this.log) {
      mkdirSync(dirname(this.opts.logFile), { recursive: true });
      this.log = createWriteStream(this.opts.logFile, { flags: 'a' });
    }
    const entry = join(REPO_ROOT, this.opts.entry);
    if (!existsSync(entry)) throw new Error(`no such entry: ${entry}`);
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOG_LEVEL: 'info',
        ...this.opts.env,
        HOST: '127.0.0.1',
        PORT: String(this.opts.port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.log?.write(`\n--- ${this.name} start #${this.starts + 1} (pid ${child.pid}) ---\n`);
    if (this.log) {
      child.stdout!.pipe(this.log, { end: false });
      child.stderr!.pipe(this.log, { end: false });
    } else {
      child.stdout!.resume();
      child.stderr!.resume();
    }
    this.child = child;
    this.starts++;
    await this.waitReady(this.opts.readyTimeoutMs ?? 120_000);
  }

  private async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.name} exited while starting (code ${this.child?.exitCode})`);
      const ok = await fetch(`${this.url}${this.opts.readyPath ?? '/readyz'}`, {
        signal: AbortSignal.timeout(1_000),
      }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`${this.name} was not ready at ${this.url} within ${timeoutMs} ms`);
  }

  /** Ends the process at once with `signal` (SIGKILL: a crash) and waits until it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
    this.child = undefined;
  }

  /** A graceful stop (SIGTERM), falling back to SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.kill('SIGTERM');
    clearTimeout(timer);
  }

  async dispose(): Promise<void> {
    await this.stop();
    await new Promise<void>((resolve) => (this.log ? this.log.end(() => resolve()) : resolve()));
    this.log = undefined;
  }
}
