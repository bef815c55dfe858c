import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { PassLoop } from '../src/pass-loop.js';

const recordingLogger = () => {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
};

/** waits for a condition the loop makes true (a positive signal), never a fixed sleep */
const until = async (ok: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('PassLoop', () => {
  it('runs a pass at once, then after the wait each pass chose; never two at once; stop waits for the pass under way', async () => {
    const { logger } = recordingLogger();
    let passes = 0;
    let inside = 0;
    let most = 0;
    let release: (() => void) | undefined;
    const loop = new PassLoop({
      name: 'test',
      logger,
      pass: async () => {
        passes++;
        inside++;
        most = Math.max(most, inside);
        if (passes === 3) await new Promise<void>((r) => (release = r));
        inside--;
        return 0;
      },
      retryMs: () => 0,
    });
    loop.start();
    loop.start(); // a second start changes nothing
    await until(() => release !== undefined);
    const stopped = loop.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false); // the third pass is still running
    release!();
    await stopped;
    expect(passes).toBe(3);
    expect(most).toBe(1);
    expect(loop.stopped).toBe(true);
  });

  it('a failing pass is logged once per outage, tried again after retryMs, and its recovery once', async () => {
    const { logger, lines } = recordingLogger();
    let passes = 0;
    const loop = new PassLoop({
      name: 'test',
      logger,
      pass: async () => {
        passes++;
        if (passes <= 3) throw new Error('down');
        return passes >= 5 ? 60_000 : 0;
      },
      retryMs: () => 0,
    });
    loop.start();
    await until(() => passes >= 5);
    await loop.stop();
    expect(lines.map((l) => l.msg)).toEqual(['test pass failed; will retry', 'test passes work again']);
    expect(passes).toBe(5); // the fifth chose a minute's wait, and stop cancelled it
  });
});
