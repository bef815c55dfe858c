/**
 * The demo document (MEDIA_SEED_DEMO): a one-page PDF written here, byte for byte the same each
 * time (no dates), so every install's demo file has the same content and sha256. Helvetica covers
 * Latin only: the page is in English, the Thai is in the file's original name.
 */
export const DEMO_DOCUMENT_NAME = 'เอกสารประกอบ Forex พื้นฐาน.pdf';

const LINES = [
  'Rian demo - Forex basics sheet',
  '',
  'Major pairs: EUR/USD, USD/JPY, GBP/USD, USD/CHF, AUD/USD, USD/CAD, NZD/USD.',
  'A pip is the fourth decimal (0.0001); on JPY pairs the second (0.01).',
  'A candlestick shows open, high, low and close of one period.',
  'Risk no more than 1-2% of the account on a single trade.',
  '',
  'This file is the demo document of MEDIA_SEED_DEMO.',
];

/** PDF string literal: backslash and parentheses escaped (the lines are ASCII). */
const literal = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

export function demoDocumentPdf(): Buffer {
  const text = [
    'BT',
    '/F1 18 Tf',
    '56 780 Td',
    `${literal(LINES[0]!)} Tj`,
    '/F1 11 Tf',
    '16 TL',
    ...LINES.slice(1).map((l) => `T* ${literal(l)} Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
