import { describe, expect, it } from 'vitest';
import { documentFamily, documentFormat } from '../../src/domain/document-format.js';
import { docx, exe, oleFile, pdf, picture, zipOf } from '../helpers.js';

describe('documents recognised by content', () => {
  it('names the family from the first bytes alone (what the upload checks while it streams)', async () => {
    expect(documentFamily(pdf().subarray(0, 16))).toBe('pdf');
    expect(documentFamily((await docx()).subarray(0, 16))).toBe('zip');
    expect(documentFamily(oleFile('WordDocument').subarray(0, 16))).toBe('ole');
    expect(documentFamily((await picture().jpeg().toBuffer()).subarray(0, 16))).toBe('image');
    expect(documentFamily(exe().subarray(0, 16))).toBeNull();
    expect(documentFamily(Buffer.from('<!DOCTYPE html>'))).toBeNull();
  });

  it.each([
    ['WordDocument', 'doc'],
    ['Workbook', 'xls'],
    ['PowerPoint Document', 'ppt'],
    ['SummaryInformation', null],
  ])('a compound file with stream %s is %s', (stream, format) => {
    expect(documentFormat(oleFile(stream))).toBe(format);
  });

  it('takes an Office Open XML file only with its main part and the matching content type', async () => {
    expect(documentFormat(await docx())).toBe('docx');
    expect(documentFormat(await docx('application/vnd.ms-word.document.macroEnabled.main+xml'))).toBeNull();
    expect(documentFormat(await zipOf({ 'word/document.xml': '<w/>' }))).toBeNull();
    const sheet = await zipOf({
      '[Content_Types].xml':
        '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      'xl/workbook.xml': '<workbook/>',
    });
    expect(documentFormat(sheet)).toBe('xlsx');
    // a damaged zip (cut short) is no document
    const whole = await docx();
    expect(documentFormat(whole.subarray(0, whole.length - 30))).toBeNull();
  });

  it('wants a PDF to end as one does', () => {
    expect(documentFormat(pdf())).toBe('pdf');
    expect(documentFormat(Buffer.from('%PDF-1.7\nnothing more'))).toBeNull();
  });
});
