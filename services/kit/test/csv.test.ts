import { describe, expect, it } from 'vitest';
import { csvDocument, csvField } from '../src/csv.js';

describe('csv (the back office exports)', () => {
  it('quotes what needs it and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const lead of ['+1', '-1', '@SUM(A1)', '\tx']) expect(csvField(lead).startsWith("'")).toBe(true);
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('starts with a BOM and ends every line with CRLF', () => {
    expect(csvDocument(['a', 'b'], [['ไทย', 1]])).toBe('\uFEFFa,b\r\nไทย,1\r\n');
  });
});
