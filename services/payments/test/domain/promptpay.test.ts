import { describe, expect, it } from 'vitest';
import { emvCrc, emvTags, promptPayPayload } from '../../src/domain/promptpay.js';

describe('PromptPay payload (EMVCo merchant-presented QR)', () => {
  it('a hand-worked example: phone 081-234-5678, ฿1,500.00', () => {
    // 00 02 01 | 01 02 12 (dynamic) | 29 37 [00 16 A000000677010111 | 01 13 0066812345678] |
    // 58 02 TH | 53 03 764 | 54 07 1500.00 | 63 04 CRC-16/CCITT-FALSE of everything before it, "6304" included
    expect(promptPayPayload('0812345678', 150_000)).toBe(
      '00020101021229370016A000000677010111011300668123456785802TH530376454071500.0063046960',
    );
  });

  it('fields read back: currency 764, country TH, amount in baht, a CRC that checks', () => {
    const payload = promptPayPayload('081-234-5678', 51_567);
    const tags = emvTags(payload);
    expect(tags.get('00')).toBe('01');
    expect(tags.get('01')).toBe('12');
    expect(tags.get('53')).toBe('764');
    expect(tags.get('58')).toBe('TH');
    expect(tags.get('54')).toBe('515.67');
    expect(emvTags(tags.get('29')!).get('00')).toBe('A000000677010111');
    expect(tags.get('63')).toBe(emvCrc(payload.slice(0, -4)));
  });

  it('a 13-digit tax id goes in sub-tag 02; no QR for nothing', () => {
    expect(emvTags(emvTags(promptPayPayload('0105561234567', 100)).get('29')!).get('02')).toBe(
      '0105561234567',
    );
    expect(() => promptPayPayload('0812345678', 0)).toThrow();
  });
});
