import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kit } from '@rian/kit/service';
import {
  hlsArgs,
  hlsContentType,
  MASTER_PLAYLIST,
  POSTER,
  posterArgs,
  progressOf,
  progressStep,
  renditionsFor,
} from '../../domain/hls.js';
import { hlsRef, originalRef } from '../../domain/video-files.js';
import type { FileStore } from '../../storage/file-store.js';
import { MediaContentError, probeVideo, runFfmpeg } from './ffmpeg.js';
import { changeVideo } from './video-changes.js';
import type { Config } from '../../config.js';

export interface TranscodeDeps {
  kit: Kit;
  files: FileStore;
  config: Config;
}

/**
 * One transcode job: the original fetched into `dir`, probed, turned into HLS renditions and a
 * poster by ffmpeg (progress announced every 10%), every file stored under `hls/<assetId>/` (the
 * master playlist last), then `ready`. Throws MediaContentError for a file ffmpeg cannot use; the
 * caller removes `dir` and decides between retrying and `failed`.
 */
export async function transcodeAsset(
  { kit, files, config }: TranscodeDeps,
  assetId: string,
  dir: string,
  signal: AbortSignal,
  log: Kit['logger'],
  attempt: number,
): Promise<void> {
  const started = await changeVideo(kit, assetId, ['queued', 'transcoding'], {
    status: 'transcoding',
    progress: 0,
    transcodeAttempt: attempt,
    transcodeSeenAt: new Date(),
  });
  if (!started) {
    log.info('asset is not waiting for a transcode; job dropped');
    return;
  }
  const out = join(dir, 'out');
  await mkdir(out, { recursive: true });
  const source = join(dir, 'source');
  const original = await files.get(originalRef(assetId));
  if (!original) throw new MediaContentError('the original file is missing');
  await pipeline(original.body, createWriteStream(source));

  const probed = await probeVideo(config.MEDIA_FFPROBE, source);
  const renditions = renditionsFor(probed.height);
  let reported = 0;
  let reporting: Promise<unknown> = Promise.resolve();
  await runFfmpeg(
    config.MEDIA_FFMPEG,
    hlsArgs({
      input: source,
      outDir: out,
      renditions,
      hasAudio: probed.hasAudio,
      preset: config.MEDIA_X264_PRESET,
    }),
    {
      signal,
      onLine: (line) => {
        const p = progressOf(line, probed.durationSeconds);
        if (p === null) return;
        const step = progressStep(Math.min(p, 99));
        if (step <= reported) return;
        reported = step;
        // throttled to every 10%: one event (and row update) per step, in order
        reporting = reporting.then(() =>
          changeVideo(kit, assetId, ['transcoding'], { progress: step }).catch((err: unknown) =>
            log.warn({ err }, 'progress not recorded'),
          ),
        );
      },
    },
  );
  await reporting;
  await runFfmpeg(
    config.MEDIA_FFMPEG,
    posterArgs({
      input: source,
      output: join(out, POSTER),
      durationSeconds: probed.durationSeconds,
      height: probed.height,
    }),
    { signal, timeoutMs: 60_000 },
  );

  // Everything up, the master playlist last; only then `ready`: nothing is served half-made.
  const names = (await readdir(out)).filter((n) => n !== MASTER_PLAYLIST);
  for (const name of [...names, MASTER_PLAYLIST]) {
    const type = hlsContentType(name);
    if (!type) throw new Error(`ffmpeg wrote an unexpected file ${name}`);
    await files.put(hlsRef(assetId, name), await readFile(join(out, name)), type);
  }
  const ready = await changeVideo(kit, assetId, ['transcoding'], {
    status: 'ready',
    progress: 100,
    durationSeconds: probed.durationSeconds,
    width: probed.width,
    height: probed.height,
    renditions: renditions.map((r) => r.name),
  });
  log.info({ ready: Boolean(ready), renditions: renditions.map((r) => r.name) }, 'video transcoded');
}
