import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { wrapText } from '../src/pdf-wrap-text.js';

const require = createRequire(import.meta.url);
const SARABUN = fontkit.create(
  readFileSync(require.resolve('@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf')),
) as fontkit.Font;
/** Width in points of `text` set in Sarabun Regular 11 pt (the documents' item lines). */
const sarabun11 = (text: string) => (SARABUN.layout(text).advanceWidth * 11) / SARABUN.unitsPerEm;

const words = (text: string) =>
  [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].map((s) => s.segment);

/** Offsets in `text` where a word starts or ends. */
const boundaries = (text: string) => {
  const at = new Set<number>([0]);
  let n = 0;
  for (const w of words(text)) at.add((n += w.length));
  return at;
};

const LONG_THAI = [
  'คอร์สเรียนภาษาไทยสำหรับชาวต่างชาติระดับเริ่มต้นถึงระดับกลางพร้อมเอกสารประกอบการเรียนและแบบฝึกหัดออนไลน์ตลอดหลักสูตร',
  'หลักสูตรการลงทุนในตลาดหลักทรัพย์แห่งประเทศไทยและการวิเคราะห์ทางเทคนิคสำหรับนักลงทุนรายย่อยที่ต้องการเริ่มต้นอย่างมั่นคง',
  'สัมมนาเชิงปฏิบัติการ เรื่อง การบริหารความเสี่ยงในการเทรดทองคำและค่าเงิน (Gold & FX) สำหรับผู้เริ่มต้น รุ่นที่ ๑๒',
];

describe('Thai lines break between words (issue 11 item 17)', () => {
  it.each(LONG_THAI.flatMap((text) => [200, 140, 90].map((width) => [width, text] as const)))(
    'within %i pt: every line fits, no line ends inside a word, nothing is lost — %s',
    (width, text) => {
      const lines = wrapText(text, width, sarabun11);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(sarabun11(line)).toBeLessThanOrEqual(width);
      // where each line ends in the original text is a word boundary of the whole text
      const cuts = boundaries(text);
      let at = 0;
      for (const line of lines) {
        at = text.indexOf(line, at);
        expect(at).toBeGreaterThanOrEqual(0);
        at += line.length;
        expect(cuts.has(at)).toBe(true);
      }
      expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    },
  );

  it('"…ภาษาไทย" is never left as "ภาษาไท" at a line end (the width that cut it before)', () => {
    const text = 'คอร์สเรียนภาษาไทยสำหรับชาวต่างชาติ';
    // the widest line that holds "คอร์สเรียนภาษาไท" but not the ย after it
    const width = sarabun11('คอร์สเรียนภาษาไท') + 0.1;
    const lines = wrapText(text, width, sarabun11);
    // ICU's dictionary reads ภาษา | ไทย as two words: the line ends after ภาษา, ไทย goes on whole
    expect(lines[0]).toBe('คอร์สเรียนภาษา');
    expect(lines[1]?.startsWith('ไทย')).toBe(true);
  });

  it('keeps short text on one line, its own line breaks, and drops the blank at a break', () => {
    expect(wrapText('ใบเสร็จรับเงิน', 300, sarabun11)).toEqual(['ใบเสร็จรับเงิน']);
    expect(wrapText('บรรทัดแรก\nบรรทัดสอง', 300, sarabun11)).toEqual(['บรรทัดแรก', 'บรรทัดสอง']);
    const lines = wrapText(
      'Gold trading course for beginners',
      sarabun11('Gold trading course') + 1,
      sarabun11,
    );
    expect(lines).toEqual(['Gold trading course', 'for beginners']);
  });

  it('cuts a single word wider than the line between letters, never through a tone mark or vowel', () => {
    const lines = wrapText('ประชาสัมพันธ์', sarabun11('ประชา') + 0.1, sarabun11);
    expect(lines.join('')).toBe('ประชาสัมพันธ์');
    for (const line of lines) expect(line).not.toMatch(/^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/);
  });
});
