import type { ZoomRoomCreateBody, ZoomRoomUpdateBody } from '@rian/proto-contracts/learning-content';
import { blankProblems, isHttpsUrl, optionalText, patched, type FieldProblem } from './field-rules.js';

/** A Zoom room's fields as staff write them (spec 02 §3 "Zoom"); the passcode in clear (sealed when stored). */
export interface ZoomFields {
  title: string;
  url: string;
  /** digits only (the form may space them as Zoom shows them: 123 4567 8901) */
  meetingId: string | null;
  passcode: string | null;
}

const EMPTY: ZoomFields = { title: '', url: '', meetingId: null, passcode: null };

const digits = (v: string | null): string | null => {
  const t = optionalText(v);
  return t === null ? null : t.replace(/\s+/g, '');
};

export function zoomFields(body: ZoomRoomCreateBody | ZoomRoomUpdateBody, current: ZoomFields = EMPTY) {
  return patched(current, body, {
    title: (v) => v.trim(),
    url: (v) => v.trim(),
    meetingId: digits,
    passcode: optionalText,
  });
}

/** A blank title is missing; the link is https with a host; a meeting id is 9 to 13 digits. */
export function zoomProblems(f: ZoomFields): FieldProblem[] {
  const problems = blankProblems(f, ['title']);
  if (!isHttpsUrl(f.url)) problems.push({ field: 'url', code: 'validation.https_url' });
  if (f.meetingId !== null && !/^[0-9]{9,13}$/.test(f.meetingId)) {
    problems.push({ field: 'meetingId', code: 'validation.format' });
  }
  return problems;
}
