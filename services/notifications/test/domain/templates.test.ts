import { describe, expect, it } from 'vitest';
import {
  emailCodeEmail,
  emailCodeTemplateName,
  escapeHtml,
  validMinutes,
} from '../../src/domain/templates.js';

describe('email code template', () => {
  const cases = [
    {
      locale: 'th',
      purpose: 'register',
      subject: 'รหัสยืนยันการลงทะเบียน Rian',
      validity: 'รหัสนี้ใช้ได้ภายใน 10 นาที',
    },
    {
      locale: 'th',
      purpose: 'password-reset',
      subject: 'รหัสยืนยันการตั้งรหัสผ่านใหม่ Rian',
      validity: 'รหัสนี้ใช้ได้ภายใน 10 นาที',
    },
    {
      locale: 'en',
      purpose: 'register',
      subject: 'Your Rian registration code',
      validity: 'The code is valid for 10 minutes.',
    },
    {
      locale: 'en',
      purpose: 'password-reset',
      subject: 'Your Rian password reset code',
      validity: 'The code is valid for 10 minutes.',
    },
  ] as const;

  it.each(cases)(
    '$locale $purpose: subject, code and validity in text and HTML',
    ({ locale, purpose, subject, validity }) => {
      const m = emailCodeEmail({ code: '0427', purpose, locale, expiresInSeconds: 600 });
      expect(m.subject).toBe(subject);
      expect(m.text).toContain('0427');
      expect(m.text).toContain(validity);
      expect(m.html).toContain('0427');
      expect(m.html).toContain(validity);
      expect(m.html).toContain(`lang="${locale}"`);
    },
  );

  it('words registration and password reset differently', () => {
    const reg = emailCodeEmail({ code: '1234', purpose: 'register', locale: 'th', expiresInSeconds: 600 });
    const reset = emailCodeEmail({
      code: '1234',
      purpose: 'password-reset',
      locale: 'th',
      expiresInSeconds: 600,
    });
    expect(reg.text).toContain('ลงทะเบียน');
    expect(reset.text).toContain('ตั้งรหัสผ่านใหม่');
    expect(reset.text).not.toBe(reg.text);
  });

  it('says how many minutes the code lasts, rounded up, singular in English for one', () => {
    expect(
      emailCodeEmail({ code: '1234', purpose: 'register', locale: 'en', expiresInSeconds: 60 }).text,
    ).toContain('valid for 1 minute.');
    expect(
      emailCodeEmail({ code: '1234', purpose: 'register', locale: 'th', expiresInSeconds: 90 }).text,
    ).toContain('ภายใน 2 นาที');
    expect(validMinutes(600)).toBe(10);
    expect(validMinutes(601)).toBe(11);
    expect(validMinutes(0)).toBe(1);
  });

  it('names the template after the purpose', () => {
    expect(emailCodeTemplateName('register')).toBe('auth.email-code.register');
    expect(emailCodeTemplateName('password-reset')).toBe('auth.email-code.password-reset');
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
