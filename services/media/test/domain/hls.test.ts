import { describe, expect, it } from 'vitest';
import { hlsArgs, hlsContentType, progressOf, progressStep, renditionsFor } from '../../src/domain/hls.js';

describe('HLS renditions, ffmpeg arguments and progress', () => {
  it.each([
    [1080, ['360p', '720p']],
    [720, ['360p', '720p']],
    [480, ['360p']], // 720p would be an upscale
    [360, ['360p']],
    [241, ['240p']], // below the ladder: one rendition at the source's (even) height
  ])('a %ip source gets %j', (height, names) => {
    expect(renditionsFor(height).map((r) => r.name)).toEqual(names);
  });

  it('writes every rendition in one ffmpeg run, no shell, with 4 s VOD segments and a master playlist', () => {
    const args = hlsArgs({
      input: '/w/source',
      outDir: '/w/out',
      renditions: renditionsFor(720),
      hasAudio: true,
      preset: 'veryfast',
    });
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after('-hls_time')).toBe('4');
    expect(after('-hls_playlist_type')).toBe('vod');
    expect(after('-master_pl_name')).toBe('master.m3u8');
    expect(after('-var_stream_map')).toBe('v:0,a:0,name:360p v:1,a:1,name:720p');
    expect(after('-filter_complex')).toContain('split=2');
    expect(after('-progress')).toBe('pipe:1');
    expect(args.at(-1)).toBe('/w/out/%v.m3u8');

    const silent = hlsArgs({
      input: 'in',
      outDir: 'o',
      renditions: renditionsFor(360),
      hasAudio: false,
      preset: 'fast',
    });
    expect(silent[silent.indexOf('-var_stream_map') + 1]).toBe('v:0,name:360p');
    expect(silent).not.toContain('0:a:0');
  });

  it('reads progress from out_time_us against the duration, 100 only at the end', () => {
    expect(progressOf('out_time_us=2000000', 8)).toBe(25);
    expect(progressOf('out_time_ms=7990000', 8)).toBe(99);
    expect(progressOf('out_time_us=9000000', 8)).toBe(99);
    expect(progressOf('progress=continue', 8)).toBeNull();
    expect(progressOf('progress=end', 8)).toBe(100);
    expect(progressOf('out_time_us=N/A', 8)).toBeNull();
    expect(progressOf('frame=10', 8)).toBeNull();
    expect([0, 9, 10, 19, 55, 99].map((p) => progressStep(p))).toEqual([0, 0, 10, 10, 50, 90]);
  });

  it('serves only the names the transcoder writes, each with its type', () => {
    expect(hlsContentType('master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(hlsContentType('360p.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(hlsContentType('360p_00001.ts')).toBe('video/mp2t');
    expect(hlsContentType('720p_00002.m4s')).toBe('video/iso.segment');
    expect(hlsContentType('poster.jpg')).toBe('image/jpeg');
    for (const bad of ['original', 'x.html', '../master.m3u8', '360p_1.ts', 'a.jpg'])
      expect(hlsContentType(bad)).toBeNull();
  });
});
