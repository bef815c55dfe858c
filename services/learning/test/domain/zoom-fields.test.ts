import { describe, expect, it } from 'vitest';
import { zoomFields, zoomProblems } from '../../src/domain/zoom-fields.js';

describe('Zoom room fields (spec 02 §3 "Zoom")', () => {
  it('keeps a meeting id without its spaces and a blank passcode as none', () => {
    const f = zoomFields({
      title: ' ห้อง A ',
      url: 'https://us02web.zoom.us/j/12345678901',
      meetingId: '123 4567 8901',
      passcode: ' ',
    });
    expect(f).toEqual({
      title: 'ห้อง A',
      url: 'https://us02web.zoom.us/j/12345678901',
      meetingId: '12345678901',
      passcode: null,
    });
    expect(zoomProblems(f)).toEqual([]);
  });

  it.each([
    ['a blank title', { title: '  ' }, [{ field: 'title', code: 'validation.required' }]],
    ['an http link', { url: 'http://zoom.us/j/1' }, [{ field: 'url', code: 'validation.https_url' }]],
    ['a link with no host', { url: 'https://' }, [{ field: 'url', code: 'validation.https_url' }]],
    [
      'a meeting id of 8 digits',
      { meetingId: '1234 5678' },
      [{ field: 'meetingId', code: 'validation.format' }],
    ],
    ['a meeting id of 11 digits', { meetingId: '12345678901' }, []],
  ] as const)('%s', (_name, body, problems) => {
    const base = zoomFields({ title: 'A', url: 'https://zoom.us/j/123456789' });
    expect(zoomProblems(zoomFields(body, base))).toEqual(problems);
  });
});
