import type { ImageKind } from '@rian/proto-contracts/media';
import type { Message } from '@/lib/message';
import { parseBaht } from '@/lib/money';
import { EMAIL_PATTERN } from '@/lib/validation';

/**
 * Client checks mirroring the catalog's schemas (proto-contracts catalog*.ts), with the spec's
 * messages (spec 02 §5): each answers a message to show under the field, or null.
 */
type Check = Message | null;
const REQUIRED: Message = { key: 'validation.required' };

export function requiredText(value: string): Check {
  return value.trim() ? null : REQUIRED;
}

/** A product's or a package's address segment: /product/{url}. */
const URL_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
export function urlSegment(value: string): Check {
  const v = value.trim();
  if (!v) return REQUIRED;
  if (v.length > 120) return { key: 'catalogAdmin.validation.tooLong' };
  return URL_SEGMENT.test(v) ? null : { key: 'catalogAdmin.validation.urlSegment' };
}

/** Baht with at most 2 decimals (sent as satang). */
export function money(value: string, { required = true } = {}): Check {
  if (!value.trim()) return required ? REQUIRED : null;
  return parseBaht(value) === null ? { key: 'catalogAdmin.validation.money' } : null;
}

/** The end of a date window cannot come before its start (catalog.to_before_start). */
export function windowEnd(start: string, to: string): Check {
  return start && to && to < start ? { key: 'catalogAdmin.validation.toBeforeStart' } : null;
}

/** A whole number in [min, max]; empty passes unless required. */
export function wholeNumber(value: string, min: number, max: number, { required = false } = {}): Check {
  if (!value.trim()) return required ? REQUIRED : null;
  const n = Number(value.trim());
  return /^[0-9]+$/.test(value.trim()) && n >= min && n <= max
    ? null
    : { key: 'catalogAdmin.validation.range', values: { min, max } };
}

/** A social profile address: http(s) only; empty clears it. */
const WEB_ADDRESS = /^https?:\/\/\S+$/i;
export function webAddress(value: string): Check {
  const v = value.trim();
  return !v || WEB_ADDRESS.test(v) ? null : { key: 'catalogAdmin.validation.webAddress' };
}

/** A bank account number: digits, spaces and dashes (123-4-56789-0). */
const ACCOUNT = /^[0-9][0-9 -]*[0-9]$|^[0-9]$/;
export function accountNumber(value: string): Check {
  const v = value.trim();
  if (!v) return REQUIRED;
  return v.length <= 30 && ACCOUNT.test(v) ? null : { key: 'catalogAdmin.validation.account' };
}

/** yyyy-mm, e.g. 2026-03 (an instructor's months of the month). */
const MONTH = /^[0-9]{4}-(0[1-9]|1[0-2])$/;
export function splitList(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
export function months(value: string): Check {
  const bad = splitList(value).filter((m) => !MONTH.test(m));
  return bad.length ? { key: 'catalogAdmin.validation.months', values: { list: bad.join(', ') } } : null;
}

/** E-mails typed one per line (or comma separated): the bad ones are named. */
export function emailList(value: string): Check {
  const list = splitList(value);
  if (list.length === 0) return REQUIRED;
  const bad = list.filter((e) => !EMAIL_PATTERN.test(e));
  if (bad.length) return { key: 'catalogAdmin.validation.emails', values: { list: bad.join(', ') } };
  return list.length > 500 ? { key: 'catalogAdmin.validation.tooMany', values: { max: 500 } } : null;
}

/** Keeps only the checks that failed: the shape a form's errors take. */
export function failed<F extends string>(checks: Partial<Record<F, Check>>): Partial<Record<F, Message>> {
  const out: Partial<Record<F, Message>> = {};
  for (const [field, check] of Object.entries(checks) as [F, Check][]) if (check) out[field] = check;
  return out;
}

/** An empty text field is sent as null (cleared). */
export function textOrNull(value: string): string | null {
  return value.trim() ? value.trim() : null;
}

export const yn = (on: boolean): 'Y' | 'N' => (on ? 'Y' : 'N');

/**
 * The address of a stored image: what media answered (a path or a full URL) as is; an older bare
 * file name under /api/media/images/{kind}/ (products also answer at /api/product/{img}).
 */
export function imageSrc(kind: ImageKind, value: string): string {
  if (/^(https?:)?\/\//.test(value) || value.startsWith('/') || value.startsWith('data:')) return value;
  return `/api/media/images/${kind}/${encodeURIComponent(value)}`;
}
