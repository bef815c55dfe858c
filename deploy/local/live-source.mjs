// The local live source (issue 15): when no streaming server is configured (LEARNING_LIVE_ORIGIN
// empty), ffmpeg writes a rolling HLS playlist of a moving test pattern and a tone into media's
// folder, private/live/<streamId>/index.m3u8, which media serves by signed URL (scope
// live/<streamId>). Small on purpose (360p, 12 fps, ultrafast, real time with -re): it runs beside
// the whole stack and the tests on two cores.
//
// Run as a program (`node deploy/local/live-source.mjs <dir>`) it is a watchdog around ffmpeg: it
// ends ffmpeg on SIGTERM/SIGINT and when its parent goes away (its stdin closes), even by SIGKILL,
// so no ffmpeg outlives the stack.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The demo streams (proto-contracts/src/demo.ts DEMO_LIVE_STREAM_IDS: the Forex course's channel and
 * the live trade room; a test checks they agree): plain Node here, as npm start runs before install.
 */
export const DEMO_LIVE_STREAM_IDS = [
  '01900000-0000-7000-8000-0000000e0001',
  '01900000-0000-7000-8000-0000000e0003',
];

export const LIVE_PLAYLIST = 'index.m3u8';

/** Where the stream's files go under media's storage root (MEDIA_DIR). */
export const liveDir = (mediaDir, streamId) => join(resolve(mediaDir), 'private', 'live', streamId);

/** ffmpeg's arguments (an array, no shell): 2 s segments, 6 in the playlist, older ones deleted. */
export function liveSourceArgs(dir, { fps = 12 } = {}) {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=${fps}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=22050',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '300k',
    '-maxrate',
    '300k',
    '-bufsize',
    '600k',
    // a key frame at every segment start
    '-g',
    String(fps * 2),
    '-keyint_min',
    String(fps * 2),
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '48k',
    '-ac',
    '1',
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_list_size',
    '6',
    // temp_file: a reader never sees half a playlist; epoch numbering: a restart never goes back
    '-hls_flags',
    'delete_segments+temp_file+independent_segments+omit_endlist',
    '-hls_start_number_source',
    'epoch',
    '-hls_segment_filename',
    join(dir, 'live_%d.ts'),
    join(dir, LIVE_PLAYLIST),
  ];
}

/**
 * Starts the watchdog (and so ffmpeg) for `streamId`, writing under `mediaDir`; the stream's old
 * files go first. Returns `{ name, child }` as startStack's children are, for stopChildren.
 */
export function startLiveSource({ mediaDir, streamId, ffmpeg = 'ffmpeg', logFile }) {
  const dir = liveDir(mediaDir, streamId);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), dir, ffmpeg], {
    // stdin a pipe from us: when we die, it closes and the watchdog ends ffmpeg
    stdio: ['pipe', 'pipe', logFile ? 'pipe' : 'inherit'],
  });
  return { name: `live-source ${streamId.slice(-4)}`, child, dir, playlist: join(dir, LIVE_PLAYLIST) };
}

function watchdog(dir, ffmpegPath) {
  const ffmpeg = spawn(ffmpegPath, liveSourceArgs(dir), { stdio: ['ignore', 'ignore', 'inherit'] });
  process.stdout.write(`ffmpeg ${ffmpeg.pid}\n`);
  let ending = false;
  const end = () => {
    if (ending) return;
    ending = true;
    ffmpeg.kill('SIGTERM');
    setTimeout(() => ffmpeg.kill('SIGKILL'), 3000).unref();
  };
  process.on('SIGTERM', end);
  process.on('SIGINT', end);
  process.stdin.on('end', end);
  process.stdin.on('error', end);
  process.stdin.resume();
  ffmpeg.on('error', (err) => {
    process.stderr.write(`live source: ${err.message}\n`);
    process.exit(1);
  });
  ffmpeg.on('exit', (code, signal) => {
    process.exit(ending ? 0 : (code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, ffmpegPath = 'ffmpeg'] = process.argv.slice(2);
  if (!dir) {
    process.stderr.write('usage: node deploy/local/live-source.mjs <dir> [ffmpeg]\n');
    process.exit(2);
  }
  watchdog(dir, ffmpegPath);
}
