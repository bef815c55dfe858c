import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from '@rian/kit/image-content';
import { contentTypeOfName, storedName, type ImageFormat } from '../../src/domain/image-format.js';
import { objectKey } from '../../src/storage/file-store.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffImageFormat: the format by magic bytes, whatever the name says', () => {
  const cases: [string, Uint8Array, ImageFormat | null][] = [
    ['PNG signature', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'png'],
    ['JPEG SOI + APP0', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16), 'jpeg'],
    ['JPEG SOI + EXIF', bytes(0xff, 0xd8, 0xff, 0xe1, 0, 16), 'jpeg'],
    ['GIF87a', text('GIF87a\x01\x00'), 'gif'],
    ['GIF89a', text('GIF89a\x01\x00'), 'gif'],
    ['RIFF....WEBP', text('RIFF\x24\x00\x00\x00WEBPVP8 '), 'webp'],
    ['RIFF....WAVE (audio)', text('RIFF\x24\x00\x00\x00WAVEfmt '), null],
    ['PNG signature cut short', bytes(0x89, 0x50, 0x4e, 0x47), null],
    ['JPEG cut to two bytes', bytes(0xff, 0xd8), null],
    ['HTML', text('<!doctype html><html></html>'), null],
    ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['SVG after an XML declaration', text('<?xml version="1.0"?><svg/>'), null],
    ['PDF', text('%PDF-1.7\n'), null],
    ['TIFF', bytes(0x49, 0x49, 0x2a, 0x00), null],
    ['BMP', text('BM\x00\x00'), null],
    ['GIF without a version', text('GIF8'), null],
    [
      'a PNG signature after a leading space',
      bytes(0x20, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
      null,
    ],
    ['empty', bytes(), null],
  ];
  it.each(cases)('%s → %s', (_name, input, expected) => {
    expect(sniffImageFormat(input)).toBe(expected);
  });
});

describe('stored names', () => {
  const hash = 'ab'.repeat(32);

  it('are 32 hex digits of the hash and the extension of the format', () => {
    expect(storedName(hash, 'jpeg')).toBe(`${'ab'.repeat(16)}.jpg`);
    expect(storedName(hash, 'webp')).toBe(`${'ab'.repeat(16)}.webp`);
  });

  it.each([
    [`${'ab'.repeat(16)}.png`, 'image/png'],
    [`${'ab'.repeat(16)}.jpg`, 'image/jpeg'],
    [`${'ab'.repeat(16)}.gif`, 'image/gif'],
    [`${'ab'.repeat(16)}.webp`, 'image/webp'],
    [`${'ab'.repeat(16)}.jpeg`, null],
    [`${'ab'.repeat(16)}.svg`, null],
    [`${'AB'.repeat(16)}.png`, null],
    [`${'ab'.repeat(15)}.png`, null],
    [`../${'ab'.repeat(16)}.png`, null],
    [`${'ab'.repeat(16)}.png/..`, null],
    [`${'ab'.repeat(16)}.png\u0000.html`, null],
    ['photo.png', null],
  ])('%s is served as %s', (name, type) => {
    expect(contentTypeOfName(name)).toBe(type);
  });
});

describe('objectKey: no way out of the store root', () => {
  const name = `${'ab'.repeat(16)}.png`;

  it('joins visibility, kind and name', () => {
    expect(objectKey({ visibility: 'public', kind: 'product', filename: name })).toBe(
      `public/product/${name}`,
    );
    expect(objectKey({ visibility: 'private', kind: 'slip', filename: name })).toBe(`private/slip/${name}`);
  });

  it.each([
    ['a kind with ..', { kind: '..', filename: name }],
    ['a kind with a slash', { kind: 'product/../private', filename: name }],
    ['a name with ..', { kind: 'product', filename: '..' }],
    ['a name starting with ..', { kind: 'product', filename: '../x.png' }],
    ['a name with a slash', { kind: 'product', filename: 'a/b.png' }],
    ['a name with a backslash', { kind: 'product', filename: 'a\\b.png' }],
    ['an absolute name', { kind: 'product', filename: '/etc/passwd' }],
    ['a hidden name', { kind: 'product', filename: '.env' }],
    ['an empty name', { kind: 'product', filename: '' }],
  ])('refuses %s', (_name, ref) => {
    expect(() => objectKey({ visibility: 'public', ...ref })).toThrow();
  });

  it('refuses an unknown visibility', () => {
    expect(() => objectKey({ visibility: 'shared' as 'public', kind: 'product', filename: name })).toThrow();
  });
});
