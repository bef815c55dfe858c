import { describe, expect, it } from 'vitest';
import { TERMS_LIMITS } from '@rian/proto-contracts/learning-terms';
import {
  signaturePng,
  strokePoints,
  TERMS_VERSION,
  termsHash,
  termsText,
} from '../../src/domain/terms-text.js';

const who = { courseTitle: 'เทรดทองคำขั้นพื้นฐาน', firstName: 'สมศรี', lastName: 'ใจดี' };

/** A PNG signature and IHDR declaring w × h, then junk. */
function header(w: number, h: number, length = 64): string {
  const b = Buffer.alloc(length, 1);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b.toString('base64');
}

describe('the course terms text (spec 02 §9)', () => {
  it('names the course and the member in both languages and carries the refund and learner-change rules', () => {
    const t = termsText(who);
    for (const side of [t.th, t.en]) {
      expect(side.intro).toContain('สมศรี ใจดี');
      expect(side.intro).toContain('เทรดทองคำขั้นพื้นฐาน');
      expect(side.closing).toContain('สมศรี ใจดี');
    }
    expect(t.th.clauses.join('\n')).toMatch(/ร้อยละ 90[\s\S]*14 วัน[\s\S]*1 วัน[\s\S]*7 วัน/);
    expect(t.en.clauses.join('\n')).toMatch(/90 percent[\s\S]*14 days[\s\S]*1 day[\s\S]*7 days/);
  });

  it('hashes the version and both texts: stable for the same member, different for another name or version', () => {
    const a = termsHash(TERMS_VERSION, termsText(who));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(termsHash(TERMS_VERSION, termsText(who))).toBe(a);
    expect(termsHash(TERMS_VERSION, termsText({ ...who, lastName: 'ใจร้าย' }))).not.toBe(a);
    expect(termsHash('1999-01-01', termsText(who))).not.toBe(a);
  });
});

describe('what an acceptance may carry', () => {
  const stroke = (n: number) => ({
    points: Array.from({ length: n }, () => ({ x: 0, y: 0, pressure: 0.5, time: 0 })),
  });

  it(`counts points over all strokes and refuses more than ${TERMS_LIMITS.maxPoints}`, () => {
    expect(strokePoints([stroke(10), stroke(5)])).toBe(15);
    expect(strokePoints([stroke(2000), stroke(2000), stroke(1000)])).toBe(5000);
    expect(strokePoints([stroke(2000), stroke(2000), stroke(1001)])).toBeNull();
  });

  it('judges the PNG by its bytes and declared size, before any decoder', () => {
    expect(signaturePng(header(600, 200))).toMatchObject({ width: 600, height: 200 });
    expect(signaturePng(`data:image/png;base64,${header(600, 200)}`)).toMatchObject({ width: 600 });
    expect(signaturePng(header(TERMS_LIMITS.maxPngWidth + 1, 100))).toBe('too_large');
    expect(signaturePng(header(100, TERMS_LIMITS.maxPngHeight + 1))).toBe('too_large');
    expect(signaturePng(header(0, 100))).toBe('not_png');
    expect(signaturePng(Buffer.from('GIF89a' + 'x'.repeat(40)).toString('base64'))).toBe('not_png');
    expect(signaturePng(Buffer.from([0xff, 0xd8, 0xff, ...Array(40).fill(0)]).toString('base64'))).toBe(
      'not_png',
    );
    expect(signaturePng('***')).toBe('not_png');
    expect(signaturePng(header(10, 10, TERMS_LIMITS.maxPngBytes + 1))).toBe('too_large');
  });
});
