import { describe, expect, it } from 'vitest';
import type { OrderDocument } from '../../src/domain/order-document.js';
import { orderDocumentPdf } from '../../src/pdf/order-document-pdf.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfText, squash } from '@rian/kit/testing-pdf-text';

/** Where each text run of the first page sits: its text (NFKC) and its baseline's height. */
async function runs(bytes: Uint8Array): Promise<{ text: string; y: number }[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return content.items.flatMap((i) =>
    'str' in i && i.str.trim() !== '' ? [{ text: i.str.normalize('NFKC'), y: i.transform[5] as number }] : [],
  );
}

const words = (text: string) =>
  [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)]
    .map((s) => s.segment)
    .filter((w) => w.trim() !== '');

const DESCRIPTION =
  'คอร์สเรียนภาษาไทยสำหรับชาวต่างชาติระดับเริ่มต้นถึงระดับกลางพร้อมเอกสารประกอบการเรียนและแบบฝึกหัดออนไลน์ตลอดหลักสูตรการลงทุนในตลาดหลักทรัพย์แห่งประเทศไทย';
const BUYER_ADDRESS =
  'ที่อยู่ (Address): อาคารสำนักงานใหญ่ชั้นสิบสองเลขที่หนึ่งร้อยยี่สิบสามถนนพระรามเก้าแขวงห้วยขวางเขตห้วยขวางกรุงเทพมหานครหนึ่งศูนย์สามหนึ่งศูนย์';

const DOC: OrderDocument = {
  kind: 'receipt',
  title: 'ใบเสร็จรับเงิน/ใบกำกับภาษี (Receipt/Tax invoice)',
  notice: null,
  number: 'SPSK0000000001',
  date: '15 เมษายน 2569',
  seller: { name: 'บริษัท เรียน ทดสอบ จำกัด', lines: ['เลขประจำตัวผู้เสียภาษี (Tax ID): 0105599999999'] },
  buyer: ['บริษัท ผู้ซื้อ จำกัด', BUYER_ADDRESS],
  items: [{ description: DESCRIPTION, amount: '1,500.00' }],
  summary: [{ label: 'ยอดสุทธิ (Net)', amount: '1,500.00', strong: true }],
  inWords: '(หนึ่งพันห้าร้อยบาทถ้วน)',
  footer: 'เอกสารนี้ออกโดยระบบ',
};

describe('the order PDF wraps long Thai lines between words (issue 11 item 17)', () => {
  it('renders a long Thai item and address on several lines, none ending inside a word, nothing lost', async () => {
    const pdf = await orderDocumentPdf(DOC);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const long of [DESCRIPTION, BUYER_ADDRESS]) {
      // the lines the PDF shows for this text, in order
      const lines = text
        .split('\n')
        .filter((line) => line.trim() !== '' && long.normalize('NFKC').includes(line.trim()));
      expect(lines.length).toBeGreaterThan(1);
      expect(squash(lines.join(''))).toBe(squash(long));
      // each line holds whole words: read line by line, the words are the words of the whole text
      expect(lines.flatMap((line) => words(line.trim()))).toEqual(words(long.normalize('NFKC')));
    }
  });

  it('sets the wrapped lines one line apart: pdfkit breaks none of them again (no blank line inside an item)', async () => {
    const pdf = await orderDocumentPdf(DOC);
    const lines = (await runs(pdf)).filter((r) => DESCRIPTION.normalize('NFKC').includes(r.text.trim()));
    expect(lines.length).toBeGreaterThan(2);
    const gaps = lines.slice(1).map((r, i) => lines[i]!.y - r.y);
    // one line's height apart each time (a line pdfkit broke again left an empty line: twice the gap)
    for (const gap of gaps) expect(gap).toBeCloseTo(gaps[0]!, 0);
  });
});
