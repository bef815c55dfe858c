import { byWords, thaiPdf } from '@rian/kit/pdf-thai';
import type { OrderDocument } from '../domain/order-document.js';

/** Lays an order's document out on one A4 page (Sarabun and Thai line breaking: kit/pdf-thai.ts). */
const LEFT = 50;
const WIDTH = 495; // A4 width 595 − 2 × 50
const RIGHT = LEFT + WIDTH;
const GREY = '#555555';
const RULE = '#bbbbbb';

export function orderDocumentPdf(doc: OrderDocument): Promise<Buffer> {
  const { pdf, bytes: done } = thaiPdf({
    margin: LEFT,
    info: { Title: `${doc.title} ${doc.number}`, Author: doc.seller.name, Subject: doc.number },
  });

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
