import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@rian/proto-contracts/enums';

/**
 * The message templates kept as files (issue 20): `<name>.<locale>.subject.txt`, `<name>.<locale>.txt`
 * and `<name>.<locale>.html` for an e-mail, `<name>.<locale>.txt` for a chat message.
 *
 * The language is deliberately tiny (the TypeScript computes every value: formatted baht, Bangkok
 * dates, names):
 * - `{{name}}` puts a value in; HTML-escaped in a .html file, as it is in a .txt file;
 * - `{{#if name}}…{{else}}…{{/if}}` (the else optional, blocks may nest) keeps a part when the value
 *   is true, a non-empty string or a non-zero number;
 * - a line holding nothing but `{{#if x}}`, `{{else}}` or `{{/if}}` disappears with its line break,
 *   so an optional line is written on lines of its own;
 * - line breaks at the end of a message are dropped (whatever an editor leaves), except that a plain
 *   text e-mail ends with exactly one.
 * An e-mail's text and HTML may also use `{{subject}}` (the rendered subject).
 */

/** A message's values; null only for a value no branch the values choose puts in. */
export type TemplateValue = string | number | boolean | null;
export type TemplateValues = Readonly<Record<string, TemplateValue>>;

export interface TemplateSpec {
  name: string;
  channel: 'email' | 'chat' | 'line';
  locales: readonly Locale[];
  /** every value the files may name; the TypeScript gives exactly these */
  values: readonly string[];
}

/** What a template renders to: an e-mail's three parts; a chat message's text, its first line the subject, no HTML. */
export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string }
  | { kind: 'if'; name: string; then: Node[]; otherwise: Node[] };

type Part = 'subject' | 'text' | 'html';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const TAG = /\{\{([^{}]*)\}\}/g;
const STANDALONE = /^[ \t]*(\{\{\s*(?:#if\s+[A-Za-z]\w*|else|\/if)\s*\}\})[ \t]*(?:\r?\n|$)/gm;

/** A template's source as nodes; throws with the reason (a stray tag, an unclosed block). */
export function parseTemplate(source: string): Node[] {
  const text = source.replace(STANDALONE, '$1');
  const root: Node[] = [];
  const stack: { node: Extract<Node, { kind: 'if' }>; inElse: boolean }[] = [];
  const target = () => {
    const top = stack.at(-1);
    return top ? (top.inElse ? top.node.otherwise : top.node.then) : root;
  };
  let at = 0;
  for (const m of text.matchAll(TAG)) {
    if (m.index > at) target().push({ kind: 'text', text: text.slice(at, m.index) });
    at = m.index + m[0].length;
    const tag = m[1]!.trim();
    let g: RegExpExecArray | null;
    if ((g = /^#if\s+([A-Za-z]\w*)$/.exec(tag))) {
      const node: Node = { kind: 'if', name: g[1]!, then: [], otherwise: [] };
      target().push(node);
      stack.push({ node, inElse: false });
    } else if (tag === 'else') {
      const top = stack.at(-1);
      if (!top || top.inElse) throw new Error('{{else}} outside an {{#if}}');
      top.inElse = true;
    } else if (tag === '/if') {
      if (!stack.pop()) throw new Error('{{/if}} without its {{#if}}');
    } else if (/^[A-Za-z]\w*$/.test(tag)) {
      target().push({ kind: 'value', name: tag });
    } else {
      throw new Error(`unknown tag ${m[0]}`);
    }
  }
  if (stack.length) throw new Error(`{{#if ${stack.at(-1)!.node.name}}} is not closed`);
  const rest = text.slice(at);
  if (rest.includes('{{') || rest.includes('}}')) throw new Error('a stray {{ or }}');
  if (at < text.length) root.push({ kind: 'text', text: rest });
  return root;
}

/** every value name a template uses */
function names(nodes: Node[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.kind === 'value') into.add(n.name);
    if (n.kind === 'if') {
      into.add(n.name);
      names(n.then, into);
      names(n.otherwise, into);
    }
  }
  return into;
}

const truthy = (v: TemplateValue | undefined) =>
  v === true || (typeof v === 'string' && v !== '') || (typeof v === 'number' && v !== 0);

function fill(nodes: Node[], values: TemplateValues, html: boolean, where: string): string {
  let out = '';
  for (const n of nodes) {
    if (n.kind === 'text') out += n.text;
    else if (n.kind === 'if') out += fill(truthy(values[n.name]) ? n.then : n.otherwise, values, html, where);
    else {
      const v = values[n.name];
      if (typeof v !== 'string' && typeof v !== 'number')
        throw new Error(`${where}: {{${n.name}}} needs a text or a number, got ${String(v)}`);
      out += html ? escapeHtml(String(v)) : String(v);
    }
  }
  return out;
}

/** the files one template has in one language */
export function templateFileNames(spec: Pick<TemplateSpec, 'name' | 'channel'>, locale: Locale): string[] {
  const base = `${spec.name}.${locale}`;
  return spec.channel === 'email' ? [`${base}.subject.txt`, `${base}.txt`, `${base}.html`] : [`${base}.txt`];
}

const PART_OF: Record<string, Part> = { '.subject.txt': 'subject', '.txt': 'text', '.html': 'html' };
const partOf = (file: string): Part => PART_OF[/(\.subject\.txt|\.txt|\.html)$/.exec(file)?.[1] ?? '.txt']!;

interface Loaded {
  spec: TemplateSpec;
  files: Map<Locale, { file: string; part: Part; nodes: Node[] }[]>;
}

export interface TemplateStore {
  /** one message in one language; throws when the values are not exactly the template's (a bug in the caller) */
  render(name: string, locale: Locale, values: TemplateValues): RenderedMessage;
  /** the files (names inside the templates folder) a message in that language is made from */
  files(name: string, locale: Locale): string[];
  specs: readonly TemplateSpec[];
}

/**
 * Reads and checks every template of `specs` from `dir` once: a missing file, a file no template
 * owns (a misspelt name), a tag the language lacks or a value the template does not declare is an
 * error naming every such file, so the service does not start with a broken message.
 */
export function loadTemplates(dir: string, specs: readonly TemplateSpec[]): TemplateStore {
  if (!existsSync(dir)) throw new Error(`message templates: no such folder ${dir}`);
  const problems: string[] = [];
  const loaded = new Map<string, Loaded>();
  const owned = new Set<string>();
  for (const spec of specs) {
    if (loaded.has(spec.name)) problems.push(`${spec.name}: declared twice`);
    const entry: Loaded = { spec, files: new Map() };
    loaded.set(spec.name, entry);
    const known = new Set([...spec.values, ...(spec.channel === 'email' ? ['subject'] : [])]);
    for (const locale of spec.locales) {
      const parts: { file: string; part: Part; nodes: Node[] }[] = [];
      for (const file of templateFileNames(spec, locale)) {
        owned.add(file);
        const path = join(dir, file);
        if (!existsSync(path)) {
          problems.push(`${file}: missing`);
          continue;
        }
        const part = partOf(file);
        try {
          const nodes = parseTemplate(readFileSync(path, 'utf8'));
          const used = names(nodes);
          if (part === 'subject' && used.has('subject')) problems.push(`${file}: {{subject}} in the subject`);
          const unknown = [...used].filter((n) => !known.has(n));
          if (unknown.length) problems.push(`${file}: unknown ${unknown.map((n) => `{{${n}}}`).join(', ')}`);
          parts.push({ file, part, nodes });
        } catch (err) {
          problems.push(`${file}: ${(err as Error).message}`);
        }
      }
      entry.files.set(locale, parts);
    }
  }
  const stray = readdirSync(dir).filter((f) => !owned.has(f) && f !== 'README.md');
  for (const f of stray) problems.push(`${f}: no template has this file (a misspelt name or language?)`);
  if (problems.length) throw new Error(`message templates in ${dir}:\n  ${problems.join('\n  ')}`);

  const get = (name: string) => {
    const t = loaded.get(name);
    if (!t) throw new Error(`no message template ${name}`);
    return t;
  };
  return {
    specs,
    files: (name, locale) => templateFileNames(get(name).spec, locale),
    render(name, locale, values) {
      const { spec, files } = get(name);
      const parts = files.get(locale);
      if (!parts) throw new Error(`${name} has no ${locale} version`);
      const missing = spec.values.filter((v) => values[v] === undefined);
      const extra = Object.keys(values).filter((v) => !spec.values.includes(v));
      if (missing.length || extra.length)
        throw new Error(
          `${name}: values missing [${missing.join(', ')}], not declared [${extra.join(', ')}]`,
        );
      const of = (part: Part, vals: TemplateValues) => {
        const p = parts.find((x) => x.part === part)!;
        return fill(p.nodes, vals, part === 'html', p.file).replace(/(\r?\n)+$/, '');
      };
      if (spec.channel !== 'email') {
        const text = of('text', values);
        return { subject: text.split('\n')[0] ?? '', text, html: '' };
      }
      const subject = of('subject', values);
      const withSubject = { ...values, subject };
      return { subject, text: `${of('text', withSubject)}\n`, html: of('html', withSubject) };
    },
  };
}
