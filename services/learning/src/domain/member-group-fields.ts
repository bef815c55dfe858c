import type {
  MemberGroupCreateBody,
  MemberGroupType,
  MemberGroupUpdateBody,
} from '@rian/proto-contracts/learning-groups';
import type { YesNo } from '@rian/proto-contracts/enums';
import { blankProblems, isHttpsUrl, optionalText, patched, type FieldProblem } from './field-rules.js';

/** A member group's fields as staff write them (spec 02 §3 "Member group"; type defaults to facebook). */
export interface MemberGroupFields {
  type: MemberGroupType;
  name: string;
  url: string;
  qr: string | null;
  qrManual: string | null;
  hidden: YesNo;
  condition: YesNo;
  conditionValue: string | null;
  conditionText: string | null;
}

const EMPTY: MemberGroupFields = {
  type: 'facebook',
  name: '',
  url: '',
  qr: null,
  qrManual: null,
  hidden: 'N',
  condition: 'N',
  conditionValue: null,
  conditionText: null,
};

export function memberGroupFields(
  body: MemberGroupCreateBody | MemberGroupUpdateBody,
  current: MemberGroupFields = EMPTY,
): MemberGroupFields {
  return patched(current, body, {
    name: (v) => v.trim(),
    url: (v) => v.trim(),
    qr: optionalText,
    qrManual: optionalText,
    conditionValue: optionalText,
    conditionText: optionalText,
  });
}

/** A blank name is missing; the link is https with a host; a condition that is on says what it is. */
export function memberGroupProblems(f: MemberGroupFields): FieldProblem[] {
  const problems = blankProblems(f, ['name']);
  if (!isHttpsUrl(f.url)) problems.push({ field: 'url', code: 'validation.https_url' });
  if (f.condition === 'Y' && !f.conditionText) {
    problems.push({ field: 'conditionText', code: 'validation.required' });
  }
  return problems;
}
