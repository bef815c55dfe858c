/**
 * How a lesson video becomes HLS: the rendition ladder, ffmpeg's arguments (one run writes every
 * rendition and the master playlist), and ffmpeg's progress lines. Pure: no process is started here.
 */

export interface Rendition {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

export const LADDER: readonly Rendition[] = [
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2800, audioKbps: 128 },
];

export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER = 'poster.jpg';
export const SEGMENT_SECONDS = 4;

/** The renditions for a source `height` pixels tall: never upscaled; a source below 360p gets one at its own height. */
export function renditionsFor(height: number): Rendition[] {
  const fit = LADDER.filter((r) => r.height <= height);
  if (fit.length) return fit;
  const even = Math.max(2, height - (height % 2));
  return [{ ...LADDER[0]!, name: `${even}p`, height: even }];
}

/** What ffprobe told about the source. */
export interface ProbedVideo {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** ffmpeg's arguments (no shell: an array) to write `<name>.m3u8`, `<name>_NNNNN.ts` and the master playlist into `outDir`. */
export function hlsArgs(opts: {
  input: string;
  outDir: string;
  renditions: Rendition[];
  hasAudio: boolean;
  preset: string;
}): string[] {
  const { renditions, hasAudio } = opts;
  const n = renditions.length;
  const split = n > 1 ? `[0:v]split=${n}${renditions.map((_, i) => `[s${i}]`).join('')};` : '';
  const scales = renditions
    .map((r, i) => `${n > 1 ? `[s${i}]` : '[0:v]'}scale=-2:${r.height}:flags=bicubic,format=yuv420p[v${i}]`)
    .join(';');
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-i',
    opts.input,
    '-filter_complex',
    split + scales,
  ];
  renditions.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (hasAudio) args.push('-map', '0:a:0');
    args.push(
      `-c:v:${i}`,
      'libx264',
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.07)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    );
    if (hasAudio) args.push(`-c:a:${i}`, 'aac', `-b:a:${i}`, `${r.audioKbps}k`, `-ac:a:${i}`, '2');
  });
  const streamMap = renditions
    .map((r, i) => (hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`))
    .join(' ');
  args.push(
    '-preset',
    opts.preset,
    '-profile:v',
    'main',
    // a key frame at every segment boundary, so every rendition's segments line up
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    `${opts.outDir}/%v_%05d.ts`,
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    streamMap,
    '-progress',
    'pipe:1',
    '-nostats',
    `${opts.outDir}/%v.m3u8`,
  );
  return args;
}

/** A JPEG poster from a frame near the start (1 s in, or the middle of a shorter video). */
export function posterArgs(opts: {
  input: string;
  output: string;
  durationSeconds: number;
  height: number;
}): string[] {
  const at = Math.min(1, opts.durationSeconds / 2);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-ss',
    at.toFixed(3),
    '-i',
    opts.input,
    '-frames:v',
    '1',
    '-vf',
    `scale=-2:${Math.min(720, opts.height)}`,
    '-q:v',
    '3',
    opts.output,
  ];
}

/**
 * Reads ffmpeg's `-progress` output (key=value lines): the percentage done once a block names how
 * far it got (`out_time_us`, or `out_time_ms`, which ffmpeg also gives in microseconds), 100 at
 * `progress=end`, else null.
 */
export function progressOf(line: string, durationSeconds: number): number | null {
  const [key, value] = line.trim().split('=', 2);
  if (key === 'progress' && value === 'end') return 100;
  if ((key !== 'out_time_us' && key !== 'out_time_ms') || !value || durationSeconds <= 0) return null;
  const us = Number(value);
  if (!Number.isFinite(us) || us < 0) return null;
  return Math.max(0, Math.min(99, Math.floor((us / 1e6 / durationSeconds) * 100)));
}

/** The step reported: progress goes out each time it crosses another `step` percent. */
export function progressStep(progress: number, step = 10): number {
  return Math.floor(progress / step) * step;
}

/** Content type of a file inside a video's HLS folder; null for a name the transcoder never writes. */
export function hlsContentType(file: string): string | null {
  if (/^[A-Za-z0-9-]+\.m3u8$/.test(file)) return 'application/vnd.apple.mpegurl';
  if (/^[A-Za-z0-9-]+_\d{5}\.ts$/.test(file)) return 'video/mp2t';
  if (/^[A-Za-z0-9-]+_\d{5}\.m4s$/.test(file)) return 'video/iso.segment';
  if (/^[A-Za-z0-9-]+_init\.mp4$/.test(file)) return 'video/mp4';
  if (file === POSTER) return 'image/jpeg';
  return null;
}

/** One demo lesson video, made locally by ffmpeg from a generated pattern and tone. */
export interface DemoVideo {
  /** ffmpeg's lavfi video source */
  pattern: string;
  /** the tone's frequency, Hz */
  toneHz: number;
  seconds: number;
  /** the asset's original name, as staff see it in /admin/video */
  originalName: string;
}

/**
 * The demo lessons: 12 s of ffmpeg's moving test pattern at 720p with a 440 Hz tone (two renditions),
 * and 8 s of colour bars at 360p with an 880 Hz tone (one rendition, the cheapest to transcode).
 */
export const DEMO_VIDEOS = {
  testPattern: {
    pattern: 'testsrc2=size=1280x720:rate=25',
    toneHz: 440,
    seconds: 12,
    originalName: 'บทเรียนตัวอย่าง (ภาพทดสอบ).mp4',
  },
  colourBars: {
    pattern: 'smptehdbars=size=640x360:rate=25',
    toneHz: 880,
    seconds: 8,
    originalName: 'บทเรียนตัวอย่าง 2 (แถบสี).mp4',
  },
} as const satisfies Record<string, DemoVideo>;

/** ffmpeg's arguments to write a demo lesson video (`video`: the pattern, tone and length) to `output`. */
export function demoVideoArgs(output: string, video: DemoVideo = DEMO_VIDEOS.testPattern): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    video.pattern,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${video.toneHz}:sample_rate=44100`,
    '-t',
    String(video.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    output,
  ];
}
