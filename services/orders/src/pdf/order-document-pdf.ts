import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { OrderDocument } from '../domain/order-document.js';
import { wrapText } from './wrap-text.js';

/**
 * Lays an order's document out on one A4 page. The font is Sarabun (SIL OFL 1.1) as Google Fonts
 * ships it: one TTF per weight covering Thai, Latin and digits, installed from npm
 * (@expo-google-fonts/sarabun) — never a font of the machine. pdfkit shapes it with fontkit (Thai
 * vowels and tone marks stacked by the font's own GSUB/GPOS) and embeds only the glyphs used.
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

const LEFT = 50;
const WIDTH = 495; // A4 width 595 − 2 × 50
const RIGHT = LEFT + WIDTH;
const GREY = '#555555';
const RULE = '#bbbbbb';

/**
 * `text` with its lines already broken between words (`wrapText`), measured in the font and size
 * now set: pdfkit then meets lines that fit and breaks none of them again (its own wrapper would
 * cut Thai inside a word). 2 pt short of the width: a line that fits to the last point by
 * `widthOfString` was still broken again by pdfkit's wrapper, leaving an empty line in the item.
 */
function byWords(pdf: PDFKit.PDFDocument, text: string, width: number): string {
  return wrapText(text, width - 2, (s) => pdf.widthOfString(s)).join('\n');
}

export function orderDocumentPdf(doc: OrderDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    lang: 'th-TH',
    info: { Title: `${doc.title} ${doc.number}`, Author: doc.seller.name, Subject: doc.number },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  // pdfkit takes a fontkit font as it is (its types only list paths and buffers)
  pdf.registerFont('regular', REGULAR as never);
  pdf.registerFont('bold', BOLD as never);

  // seller (left) and number and date (right)
  pdf.font('bold').fontSize(14).fillColor('black');
  pdf.text(byWords(pdf, doc.seller.name, 300), LEFT, 50, { width: 300 });
  pdf.font('regular').fontSize(10).fillColor(GREY);
  for (const line of doc.seller.lines) pdf.text(byWords(pdf, line, 300), { width: 300, lineGap: 1.5 });
  const sellerBottom = pdf.y;
  pdf.font('regular').fontSize(10).fillColor('black');
  pdf.text(`เลขที่ (No.): ${doc.number}`, RIGHT - 190, 52, { width: 190, align: 'right' });
  pdf.text(`วันที่ (Date): ${doc.date}`, RIGHT - 190, pdf.y, { width: 190, align: 'right' });

  // title
  let y = Math.max(sellerBottom, pdf.y) + 18;
  pdf.font('bold').fontSize(17);
  pdf.text(byWords(pdf, doc.title, WIDTH), LEFT, y, { width: WIDTH, align: 'center' });
  if (doc.notice) {
    pdf.font('regular').fontSize(10).fillColor(GREY);
    pdf.text(byWords(pdf, doc.notice, WIDTH), { width: WIDTH, align: 'center' });
  }
  y = pdf.y + 12;

  // buyer
  pdf.font('bold').fontSize(11).fillColor('black').text('ลูกค้า (Customer)', LEFT, y, { width: WIDTH });
  pdf.font('regular').fontSize(10);
  for (const line of doc.buyer) pdf.text(byWords(pdf, line, 330), { width: 330, lineGap: 1.5 });
  y = pdf.y + 14;

  // the lines
  const amountX = RIGHT - 110;
  pdf.rect(LEFT, y, WIDTH, 22).fill('#eeeeee');
  pdf.fillColor('black').font('bold').fontSize(10);
  pdf.text('ลำดับ (No.)', LEFT + 6, y + 5, { width: 60 });
  pdf.text('รายการ (Description)', LEFT + 70, y + 5, { width: amountX - LEFT - 80 });
  pdf.text('จำนวนเงิน (THB)', amountX, y + 5, { width: 104, align: 'right' });
  y += 28;
  pdf.font('regular').fontSize(11);
  doc.items.forEach((item, i) => {
    pdf.text(String(i + 1), LEFT + 6, y, { width: 60 });
    pdf.text(byWords(pdf, item.description, amountX - LEFT - 80), LEFT + 70, y, {
      width: amountX - LEFT - 80,
    });
    const bottom = pdf.y;
    pdf.text(item.amount, amountX, y, { width: 104, align: 'right' });
    y = Math.max(bottom, pdf.y) + 6;
  });
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  y += 10;

  // the sums
  for (const line of doc.summary) {
    pdf.font(line.strong ? 'bold' : 'regular').fontSize(line.strong ? 12 : 10.5);
    pdf.text(byWords(pdf, line.label, amountX - LEFT - 150), LEFT + 140, y, {
      width: amountX - LEFT - 150,
      align: 'right',
    });
    pdf.text(line.amount, amountX, y, { width: 104, align: 'right' });
    y = pdf.y + 3;
  }
  y += 6;
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  y += 8;
  pdf.font('regular').fontSize(10).fillColor(GREY).text('จำนวนเงินตัวอักษร (Amount in words)', LEFT, y, {
    width: WIDTH,
  });
  pdf.font('bold').fontSize(11).fillColor('black');
  pdf.text(byWords(pdf, doc.inWords, WIDTH), { width: WIDTH });

  pdf.font('regular').fontSize(9).fillColor(GREY);
  pdf.text(byWords(pdf, doc.footer, WIDTH), LEFT, 750, { width: WIDTH, align: 'center' });
  pdf.end();
  return done;
}
