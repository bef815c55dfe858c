import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ProbedVideo } from '../../domain/hls.js';

/** A file ffprobe or ffmpeg could not use: retrying cannot help (the asset fails with this message). */
export class MediaContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaContentError';
  }
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** the last few KB: where ffmpeg says what went wrong */
  stderrTail: string;
}

/** Runs a program (never through a shell), collecting its output; `onLine` sees stdout line by line. */
function run(
  command: string,
  args: string[],
  opts: { timeoutMs?: number; onLine?: (line: string) => void; signal?: AbortSignal } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // stopped before it began (a shutdown while the original was fetched): an abort event never comes
    if (opts.signal?.aborted) {
      reject(new Error('stopped before it began'));
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    let stdout = '';
    let stderrTail = '';
    const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
    const abort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', abort, { once: true });
    if (opts.onLine) {
      createInterface({ input: child.stdout }).on('line', (l) => opts.onLine!(l));
    } else {
      child.stdout.on('data', (d: Buffer) => {
        if (stdout.length < 1_000_000) stdout += d.toString('utf8');
      });
    }
    child.stderr.on('data', (d: Buffer) => {
      stderrTail = (stderrTail + d.toString('utf8')).slice(-4000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', abort);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', abort);
      resolve({ code, signal, stdout, stderrTail });
    });
  });
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-1)[0] ?? '';

interface ProbeJson {
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
  format?: { duration?: string; format_name?: string };
}

/** What a file holds, by ffprobe; MediaContentError when it is not a playable video. */
export async function probeVideo(ffprobe: string, file: string): Promise<ProbedVideo> {
  const res = await run(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeoutMs: 60_000 },
  );
  if (res.code !== 0) {
    throw new MediaContentError(
      `not a video file (ffprobe: ${lastLine(res.stderrTail) || `exit ${res.code}`})`,
    );
  }
  let info: ProbeJson;
  try {
    info = JSON.parse(res.stdout) as ProbeJson;
  } catch {
    throw new MediaContentError('not a video file (ffprobe gave no description)');
  }
  const video = info.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new MediaContentError('not a video file (no video stream)');
  const duration = Number(info.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new MediaContentError('not a video file (no duration: a still image or a damaged file)');
  }
  return {
    durationSeconds: Math.round(duration * 1000) / 1000,
    width: video.width,
    height: video.height,
    hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}

/** Runs ffmpeg; `onLine` sees its `-progress pipe:1` lines. MediaContentError when it fails. */
export async function runFfmpeg(
  ffmpeg: string,
  args: string[],
  opts: { onLine?: (line: string) => void; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<void> {
  const res = await run(ffmpeg, args, opts);
  if (opts.signal?.aborted) throw new Error('transcode stopped');
  // killed (out of memory, a timeout): worth another try, on this replica or another
  if (res.signal) throw new Error(`ffmpeg was stopped by ${res.signal}`);
  if (res.code !== 0) {
    throw new MediaContentError(
      `ffmpeg failed (exit ${res.code}): ${lastLine(res.stderrTail).slice(0, 300)}`,
    );
  }
}
