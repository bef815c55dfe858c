import { describe, expect, it } from 'vitest';
import { allowedPlayerUrl, videoFields } from '../../src/domain/video-fields.js';

const courseId = '01900000-0000-7000-8000-00000000c001';

describe('embed allow-list: only a Vimeo or YouTube player URL is kept, never HTML', () => {
  it.each([
    [
      'a Vimeo player URL',
      'https://player.vimeo.com/video/76979871',
      'https://player.vimeo.com/video/76979871',
    ],
    [
      "Vimeo's iframe code (its private hash kept, the rest of the HTML dropped)",
      '<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e&amp;badge=0" width="640" allow="autoplay; fullscreen" allowfullscreen></iframe>',
      'https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0',
    ],
    [
      "YouTube's iframe code",
      "<iframe width='560' height='315' src='https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc' title='YouTube video player'></iframe>",
      'https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc',
    ],
    [
      'a protocol-relative Vimeo src (old embed codes)',
      '<iframe src="//player.vimeo.com/video/1"></iframe>',
      'https://player.vimeo.com/video/1',
    ],
    [
      'YouTube without cookies',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['a fragment is dropped', 'https://player.vimeo.com/video/1#t=30', 'https://player.vimeo.com/video/1'],
  ])('%s', (_name, code, url) => {
    expect(allowedPlayerUrl(code)).toBe(url);
  });

  it.each([
    ['another site', 'https://evil.example/embed/dQw4w9WgXcQ'],
    ['a look-alike host', 'https://player.vimeo.com.evil.example/video/1'],
    ['http', 'http://player.vimeo.com/video/1'],
    ['javascript:', 'javascript:alert(1)'],
    ['a YouTube watch page (not the player)', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a Vimeo page (not the player)', 'https://vimeo.com/76979871'],
    ['a script with no iframe', '<script>alert(1)</script>'],
    ['an iframe of another site', '<iframe src="https://evil.example/x"></iframe>'],
    ['credentials in the URL', 'https://user:pw@player.vimeo.com/video/1'],
    ['another port', 'https://player.vimeo.com:8443/video/1'],
    ['a path that only starts like a player', 'https://player.vimeo.com/video/1/../../evil'],
  ])('refuses %s', (_name, code) => {
    expect(allowedPlayerUrl(code)).toBeNull();
  });
});

describe('video fields (spec 01 §3 "Video")', () => {
  it('a new video is Vimeo, item 1, status create, not a preview nor a recording by default', () => {
    const { fields, problems } = videoFields({ courseId, name: ' บทที่ 1 ', vimeoId: '76979871' });
    expect(problems).toEqual([]);
    expect(fields).toEqual({
      source: 'vimeo',
      vimeoId: '76979871',
      hlsUrl: null,
      embedUrl: null,
      assetId: null,
      name: 'บทที่ 1',
      detail: null,
      item: 1,
      status: 'create',
      durationSeconds: null,
      path: null,
      preview: 'N',
      recordingBroadcastId: null,
      recordingOffsetS: 0,
    });
  });

  it('staff mark a video as a free preview and take the mark off again; other edits keep it', () => {
    const marked = videoFields({ courseId, name: 'ตัวอย่าง', vimeoId: '1', preview: 'Y' }).fields;
    expect(marked.preview).toBe('Y');
    expect(videoFields({ name: 'ตัวอย่าง (แก้ชื่อ)' }, marked).fields.preview).toBe('Y');
    expect(videoFields({ preview: 'N' }, marked).fields.preview).toBe('N');
  });

  it.each([
    ['vimeo without its id', { source: 'vimeo' }, [{ field: 'vimeoId', code: 'validation.required' }]],
    ['hls without its URL', { source: 'hls' }, [{ field: 'hlsUrl', code: 'validation.required' }]],
    ['embed without code', { source: 'embed' }, [{ field: 'embedCode', code: 'validation.required' }]],
    [
      'iframe of another site',
      { source: 'iframe', embedCode: '<iframe src="https://x.example/"></iframe>' },
      [{ field: 'embedCode', code: 'learning.embed_not_allowed' }],
    ],
    ['upload without an asset', { source: 'upload' }, [{ field: 'assetId', code: 'validation.required' }]],
    [
      'a blank name',
      { source: 'vimeo', vimeoId: '1', name: '  ' },
      [{ field: 'name', code: 'validation.required' }],
    ],
    [
      'hls with a URL that is not https',
      { source: 'hls', hlsUrl: 'https://' },
      [{ field: 'hlsUrl', code: 'validation.https_url' }],
    ],
  ] as const)('%s', (_name, body, problems) => {
    expect(videoFields({ courseId, name: 'v', ...body }).problems).toEqual(problems);
  });

  it('only the source’s own field is kept; an update that switches source drops the others', () => {
    const first = videoFields({
      courseId,
      name: 'v',
      vimeoId: '5',
      hlsUrl: 'https://cdn.example/a.m3u8',
    }).fields;
    expect(first).toMatchObject({ source: 'vimeo', vimeoId: '5', hlsUrl: null });
    const hls = videoFields({ source: 'hls', hlsUrl: 'https://cdn.example/a.m3u8' }, first);
    expect(hls.problems).toEqual([]);
    expect(hls.fields).toMatchObject({ source: 'hls', vimeoId: null, hlsUrl: 'https://cdn.example/a.m3u8' });
    // an unrelated change keeps the source and its field
    expect(videoFields({ status: 'show' }, hls.fields).fields).toMatchObject({
      source: 'hls',
      status: 'show',
    });
  });
});
