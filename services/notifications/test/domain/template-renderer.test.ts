import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTemplates, parseTemplate, type TemplateSpec } from '../../src/domain/template-renderer.js';
import { TEMPLATE_SPECS, templatePaths } from '../../src/domain/template-files.js';
import { TEMPLATE_CATALOG } from '../../src/domain/template-catalog.js';
import { TEMPLATES_DIR } from '../../src/templates-dir.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** a templates folder holding exactly these files */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rian-templates-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const mail: TemplateSpec = {
  name: 'x.mail',
  channel: 'email',
  locales: ['th', 'en'],
  values: ['who', 'vip'],
};
const chat: TemplateSpec = { name: 'x.chat', channel: 'chat', locales: ['th'], values: ['who', 'count'] };
const good = {
  'x.mail.th.subject.txt': 'สวัสดี {{who}}\n',
  'x.mail.th.txt': 'เรียน {{who}}\n{{#if vip}}\nสมาชิกพิเศษ\n{{/if}}\n\n\n',
  'x.mail.th.html':
    '<title>{{subject}}</title>\n<p>{{who}}</p>\n{{#if vip}}\n<p>VIP</p>\n{{else}}\n<p>-</p>\n{{/if}}\n',
  'x.mail.en.subject.txt': 'Hello {{who}}',
  'x.mail.en.txt': 'Dear {{who}}{{#if vip}}, VIP{{/if}}',
  'x.mail.en.html': '<p>{{who}}</p>',
  'x.chat.th.txt': 'ใหม่ {{who}}\n{{#if count}}\nจำนวน {{count}}\n{{/if}}\n',
};

describe('message template files (issue 20)', () => {
  it('puts values in, HTML-escaped only in the .html file; drops block-tag lines; one final newline for the mail text only', () => {
    const store = loadTemplates(folder(good), [mail, chat]);
    const who = 'A & <B> "C" \'D\'';
    expect(store.render('x.mail', 'th', { who, vip: true })).toEqual({
      subject: `สวัสดี ${who}`,
      text: `เรียน ${who}\nสมาชิกพิเศษ\n`,
      html: `<title>สวัสดี A &amp; &lt;B&gt; &quot;C&quot; &#39;D&#39;</title>\n<p>A &amp; &lt;B&gt; &quot;C&quot; &#39;D&#39;</p>\n<p>VIP</p>`,
    });
    expect(store.render('x.mail', 'th', { who: 'ก', vip: false })).toEqual({
      subject: 'สวัสดี ก',
      text: 'เรียน ก\n',
      html: '<title>สวัสดี ก</title>\n<p>ก</p>\n<p>-</p>',
    });
    expect(store.render('x.mail', 'en', { who: 'Ann', vip: 'yes' }).text).toBe('Dear Ann, VIP\n');
    expect(store.render('x.chat', 'th', { who: 'ข', count: 0 })).toEqual({
      subject: 'ใหม่ ข',
      text: 'ใหม่ ข',
      html: '',
    });
    expect(store.render('x.chat', 'th', { who: 'ข', count: 2 }).text).toBe('ใหม่ ข\nจำนวน 2');
    expect(store.files('x.mail', 'en')).toEqual(['x.mail.en.subject.txt', 'x.mail.en.txt', 'x.mail.en.html']);
  });

  it('refuses values that are not exactly the declared ones, and a null where a value is put in', () => {
    const store = loadTemplates(folder(good), [mail, chat]);
    expect(() => store.render('x.mail', 'th', { who: 'ก' })).toThrow('values missing [vip]');
    expect(() => store.render('x.mail', 'th', { who: 'ก', vip: true, extra: 1 })).toThrow(
      'not declared [extra]',
    );
    expect(() => store.render('x.mail', 'th', { who: null, vip: true })).toThrow(
      '{{who}} needs a text or a number',
    );
    expect(() => store.render('x.chat', 'en', { who: 'ก', count: 1 })).toThrow('x.chat has no en version');
    expect(() => store.render('x.nope', 'th', {})).toThrow('no message template x.nope');
  });

  it('does not load when a file is missing, misspelt, or names a value or tag the template does not have', () => {
    const { 'x.mail.en.html': _dropped, ...missing } = good;
    expect(() => loadTemplates(folder(missing), [mail, chat])).toThrow(/x\.mail\.en\.html: missing/);
    expect(() => loadTemplates(folder({ ...good, 'x.mial.th.txt': 'hi' }), [mail, chat])).toThrow(
      /x\.mial\.th\.txt: no template has this file/,
    );
    expect(() =>
      loadTemplates(folder({ ...good, 'x.mail.en.txt': 'Dear {{whom}} {{#if gold}}!{{/if}}' }), [mail, chat]),
    ).toThrow(/x\.mail\.en\.txt: unknown \{\{whom\}\}, \{\{gold\}\}/);
    expect(() => loadTemplates(folder({ ...good, 'x.chat.th.txt': '{{subject}}' }), [mail, chat])).toThrow(
      /x\.chat\.th\.txt: unknown \{\{subject\}\}/,
    );
    expect(() =>
      loadTemplates(folder({ ...good, 'x.mail.th.subject.txt': 'Re: {{subject}}' }), [mail, chat]),
    ).toThrow(/x\.mail\.th\.subject\.txt: \{\{subject\}\} in the subject/);
    expect(() =>
      loadTemplates(folder({ ...good, 'x.chat.th.txt': '{{#if who}}open' }), [mail, chat]),
    ).toThrow(/x\.chat\.th\.txt: \{\{#if who\}\} is not closed/);
    expect(() => loadTemplates(folder({ ...good, 'x.chat.th.txt': '{{> who}}' }), [mail, chat])).toThrow(
      /x\.chat\.th\.txt: unknown tag \{\{> who\}\}/,
    );
    expect(() => loadTemplates(join(tmpdir(), 'rian-no-such-templates'), [chat])).toThrow(/no such folder/);
    // every problem at once, so one start shows them all
    const many = () => loadTemplates(folder({ ...missing, 'x.chat.th.txt': '{{nope}}' }), [mail, chat]);
    expect(many).toThrow(/missing[\s\S]*unknown \{\{nope\}\}/);
  });

  it('parses nested blocks and leaves text without tags alone', () => {
    expect(parseTemplate('a {{#if x}}b{{#if y}}c{{else}}d{{/if}}{{/if}} e')).toHaveLength(3);
    expect(parseTemplate('no tags: { } ฿1,500.50')).toEqual([
      { kind: 'text', text: 'no tags: { } ฿1,500.50' },
    ]);
    expect(() => parseTemplate('{{else}}')).toThrow('{{else}} outside an {{#if}}');
    expect(() => parseTemplate('{{/if}}')).toThrow('{{/if}} without its {{#if}}');
    expect(() => parseTemplate('a }} b')).toThrow('a stray {{ or }}');
  });

  it("the service's own folder holds exactly the declared templates, and the staff preview shows each of them", () => {
    const expected = TEMPLATE_SPECS.flatMap((s) =>
      s.locales.flatMap((l) => templatePaths(s.name, l).map((p) => p.split('/').pop())),
    );
    expect(
      readdirSync(TEMPLATES_DIR)
        .filter((f) => f !== 'README.md')
        .sort(),
    ).toEqual(expected.sort());
    expect(TEMPLATE_CATALOG.map((e) => e.name).sort()).toEqual(TEMPLATE_SPECS.map((s) => s.name).sort());
    for (const e of TEMPLATE_CATALOG) {
      const spec = TEMPLATE_SPECS.find((s) => s.name === e.name)!;
      expect([e.name, e.channel, e.locales]).toEqual([spec.name, spec.channel, spec.locales]);
    }
    expect(templatePaths('orders.order-confirmed', 'en')).toEqual([
      'services/notifications/templates/orders.order-confirmed.en.subject.txt',
      'services/notifications/templates/orders.order-confirmed.en.txt',
      'services/notifications/templates/orders.order-confirmed.en.html',
    ]);
  });
});
