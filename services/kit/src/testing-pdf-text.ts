import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF shows, page by page, read back with pdf.js (what a viewer's copy and search see),
 * in NFKC: the font draws ำ (sara am) as ํ + า, which is how the PDF reads back, and NFKC is where
 * the two spellings are equal (compare with `squash`, which applies it to the expected text too).
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join('\n'));
  }
  await doc.destroy();
  return pages.join('\n\f\n').normalize('NFKC');
}

/** Whitespace-insensitive, in NFKC: how text wraps and is split into runs is layout, not content. */
export const squash = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');
