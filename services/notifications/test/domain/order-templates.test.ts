import { describe, expect, it } from 'vitest';
import {
  formatBaht,
  orderConfirmedEmail,
  orderImageWords,
  paymentRejectedEmail,
  staffChatText,
} from '../../src/domain/order-templates.js';
import { readConfig } from '../../src/config.js';

describe('order e-mail and chat templates', () => {
  it('formats satang as baht with two decimals', () => {
    expect(formatBaht(0)).toBe('฿0.00');
    expect(formatBaht(5)).toBe('฿0.05');
    expect(formatBaht(150_050)).toBe('฿1,500.50');
    expect(formatBaht(123_456_789)).toBe('฿1,234,567.89');
  });

  it('writes the English confirmation with the joining steps and the member area link', () => {
    const m = orderConfirmedEmail({
      reference: 'RIAN-1',
      productTitle: 'Stock <basics>',
      net: 99_900,
      siteUrl: 'https://rian.example/',
      locale: 'en',
    });
    expect(m.subject).toBe('Your Rian order RIAN-1 is confirmed');
    expect(m.text).toContain('Product: Stock <basics>');
    expect(m.text).toContain('Amount paid: ฿999.00');
    expect(m.text).toContain('https://rian.example/member');
    expect(m.html).toContain('Stock &lt;basics&gt;');
  });

  it("links to SITE_URL, by default the gateway's address (never Vite's localhost:5173)", () => {
    const confirmed = (env: NodeJS.ProcessEnv) =>
      orderConfirmedEmail({
        reference: 'RIAN-3',
        productTitle: null,
        net: 150_000,
        siteUrl: readConfig(env).SITE_URL,
        locale: 'th',
      });
    const byDefault = confirmed({});
    expect(byDefault.text).toContain('http://127.0.0.1:3000/member');
    expect(byDefault.html).toContain('href="http://127.0.0.1:3000/member"');
    expect(byDefault.text).not.toContain('5173');
    const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];
    const set = confirmed({ SITE_URL: 'https://rian.example' });
    expect(links(set.text)).toEqual(['https://rian.example/member']);
    const rejected = paymentRejectedEmail({
      reference: 'RIAN-3',
      amount: 150_000,
      note: 'blurred',
      siteUrl: readConfig({ SITE_URL: 'https://rian.example' }).SITE_URL,
      locale: 'th',
    });
    expect(links(rejected.text)).toEqual(['https://rian.example/orders']);
  });

  it('puts the staff note into the rejection e-mail, escaped in HTML', () => {
    const m = paymentRejectedEmail({
      reference: 'RIAN-2',
      amount: 100,
      note: 'slip <blurred>',
      siteUrl: 'https://rian.example',
      locale: 'th',
    });
    expect(m.text).toContain('หมายเหตุจากเจ้าหน้าที่: slip <blurred>');
    expect(m.html).toContain('slip &lt;blurred&gt;');
  });

  it('says what happened, the reference and the amount in the staff chat text', () => {
    expect(staffChatText('order-paid', 'RIAN-3', 1_000)).toBe('ชำระเงินแล้ว\nคำสั่งซื้อ RIAN-3\n฿10.00');
  });

  it('words the paid-order picture: heading by payment type, then the reference', () => {
    expect(orderImageWords(false, 'RIAN-0007')).toEqual({
      heading: 'ชำระเงินแล้ว · โอนเงิน',
      referenceLine: 'คำสั่งซื้อ RIAN-0007',
    });
    expect(orderImageWords(true, 'RIAN-0008')).toEqual({
      heading: 'ชำระเงินแล้ว · ผ่อนชำระ',
      referenceLine: 'คำสั่งซื้อ RIAN-0008',
    });
  });
});
