import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { wrapText } from './pdf-wrap-text.js';

/**
 * Thai PDFs, as every service that renders one lays them out (orders' receipts, learning's signed
 * course terms). The font is Sarabun (SIL OFL 1.1) as Google Fonts ships it: one TTF per weight
 * covering Thai, Latin and digits, installed from npm (@expo-google-fonts/sarabun) — never a font of
 * the machine. pdfkit shapes it with fontkit (Thai vowels and tone marks stacked by the font's own
 * GSUB/GPOS) and embeds only the glyphs used.
 */
const require = createRequire(import.meta.url);

const THAI = Array.from({ length: 0x0e5b - 0x0e01 + 1 }, (_, i) => String.fromCodePoint(0x0e01 + i)).join('');

/**
 * The PDF maps each glyph to the characters of the first text that produced it, and fontkit
 * remembers those per glyph. Sarabun draws ำ as ํ + า (and ่้๊๋ + ํ as one glyph): met first there,
 * า would read back as nothing — and so would every later า. So the font first meets each Thai
 * letter by itself, and each tone + ํ pair in that order (over a short consonant and over the tall
 * ปฝฟฬ, which take other glyphs): copy and search then read every glyph as Unicode, ำ as its
 * compatibility decomposition ํา (equal under NFKC).
 */
function sarabun(path: string): fontkit.Font {
  const font = fontkit.create(
    readFileSync(require.resolve(`@expo-google-fonts/sarabun/${path}`)),
  ) as fontkit.Font;
  font.glyphsForString(THAI);
  for (const consonant of 'กปฝฟฬ')
    for (const tone of '\u0E48\u0E49\u0E4A\u0E4B') font.layout(`${consonant}${tone}\u0E4D\u0E32`);
  return font;
}
// shared by every document: each PDF takes its own subset of glyphs from them
const REGULAR = sarabun('400Regular/Sarabun_400Regular.ttf');
const BOLD = sarabun('700Bold/Sarabun_700Bold.ttf');

/** An A4 document with Sarabun registered as `regular` and `bold`, and its bytes once it ends. */
export function thaiPdf(opts: PDFKit.PDFDocumentOptions): {
  pdf: PDFKit.PDFDocument;
  bytes: Promise<Buffer>;
} {
  const pdf = new PDFDocument({ size: 'A4', lang: 'th-TH', ...opts });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  // pdfkit takes a fontkit font as it is (its types only list paths and buffers)
  pdf.registerFont('regular', REGULAR as never);
  pdf.registerFont('bold', BOLD as never);
  return { pdf, bytes };
}

/**
 * `text` with its lines already broken between words (`wrapText`), measured in the font and size
 * now set: pdfkit then meets lines that fit and breaks none of them again (its own wrapper would
 * cut Thai inside a word). 2 pt short of the width: a line that fits to the last point by
 * `widthOfString` was still broken again by pdfkit's wrapper, leaving an empty line in the item.
 */
export function byWords(pdf: PDFKit.PDFDocument, text: string, width: number): string {
  return wrapText(text, width - 2, (s) => pdf.widthOfString(s)).join('\n');
}
