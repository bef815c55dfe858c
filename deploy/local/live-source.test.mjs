import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { stopChildren } from './stack.mjs';
import { DEMO_LIVE_STREAM_IDS, liveDir, startLiveSource } from './live-source.mjs';

const mediaDir = mkdtempSync(join(tmpdir(), 'rian-live-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (check, ms) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
};
const ffmpegPid = async (stdout) => {
  let text = '';
  for await (const chunk of stdout) {
    text += chunk;
    const m = /ffmpeg (\d+)/.exec(text);
    if (m) return Number(m[1]);
  }
  throw new Error(`no ffmpeg pid in ${JSON.stringify(text)}`);
};

describe('the local live source (ffmpeg writing a rolling HLS playlist into media’s folder)', () => {
  it('writes a playlist of segments under private/live/<streamId>/, and stopChildren leaves no ffmpeg', async () => {
    const source = startLiveSource({ mediaDir, streamId: DEMO_LIVE_STREAM_IDS[0] });
    const pid = await ffmpegPid(source.child.stdout);
    expect(source.playlist).toBe(join(liveDir(mediaDir, DEMO_LIVE_STREAM_IDS[0]), 'index.m3u8'));
    expect(source.playlist.startsWith(join(mediaDir, 'private', 'live', DEMO_LIVE_STREAM_IDS[0]))).toBe(true);
    expect(await until(() => existsSync(source.playlist), 9_000)).toBe(true);
    const playlist = readFileSync(source.playlist, 'utf8');
    expect(playlist).toMatch(/^#EXTM3U/);
    expect(playlist).toMatch(/\nlive_\d+\.ts\n/);
    expect(playlist).not.toMatch(/#EXT-X-ENDLIST/);

    await stopChildren([source]);
    expect(source.child.exitCode).toBe(0);
    expect(await until(() => !alive(pid), 4_000)).toBe(true);
  }, 20_000);

  it('ends ffmpeg when the process that started it is killed outright (SIGKILL: no orphan)', async () => {
    const module = fileURLToPath(new URL('./live-source.mjs', import.meta.url));
    const parent = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { startLiveSource } from ${JSON.stringify(module)};
         const s = startLiveSource({ mediaDir: ${JSON.stringify(mediaDir)}, streamId: crypto.randomUUID() });
         s.child.stdout.pipe(process.stdout);
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const pid = await ffmpegPid(parent.stdout);
    expect(alive(pid)).toBe(true);
    parent.kill('SIGKILL');
    await once(parent, 'exit');
    expect(await until(() => !alive(pid), 5_000)).toBe(true);
  }, 20_000);
});
