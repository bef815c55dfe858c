import type { ErrorCode } from '@rian/proto-contracts/errors';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface SlipFieldProblem {
  field: 'paymentDate' | 'paymentTime';
  code: ErrorCode;
}

/** A real calendar day written yyyy-mm-dd. */
export function isCalendarDay(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/**
 * The payment date (yyyy-mm-dd) and time (HH:mm, 24-hour) sent with a slip (spec 02 §5: both
 * required): missing or blank → "กรุณากรอกข้อมูล", otherwise the format is checked.
 */
export function checkSlipFields(fields: Record<string, string | undefined>): SlipFieldProblem[] {
  const out: SlipFieldProblem[] = [];
  const date = fields.paymentDate?.trim() ?? '';
  const time = fields.paymentTime?.trim() ?? '';
  if (!date) out.push({ field: 'paymentDate', code: 'validation.required' });
  else if (!isCalendarDay(date)) out.push({ field: 'paymentDate', code: 'validation.format' });
  if (!time) out.push({ field: 'paymentTime', code: 'validation.required' });
  else if (!TIME.test(time)) out.push({ field: 'paymentTime', code: 'validation.format' });
  return out;
}
