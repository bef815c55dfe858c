import type { YesNo } from '@rian/proto-contracts/enums';
import type {
  LiveStreamCreateBody,
  LiveStreamKind,
  LiveStreamStatus,
  LiveStreamUpdateBody,
} from '@rian/proto-contracts/learning-live';
import { blankProblems, optionalText, patched, type FieldProblem } from './field-rules.js';

/** A live stream's fields as staff write them (spec 02 §3 "Live streaming"); the key is apart. */
export interface LiveStreamFields {
  name: string;
  detail: string | null;
  url: string | null;
  server: string | null;
  kind: LiveStreamKind;
  status: LiveStreamStatus;
  live: YesNo;
}

const EMPTY: LiveStreamFields = {
  name: '',
  detail: null,
  url: null,
  server: null,
  kind: 'stream',
  status: 'show',
  live: 'N',
};

export function liveStreamFields(
  body: LiveStreamCreateBody | LiveStreamUpdateBody,
  current: LiveStreamFields = EMPTY,
): LiveStreamFields {
  return patched(current, body, {
    name: (v) => v.trim(),
    detail: optionalText,
    url: (v) => optionalText(v)?.replace(/^\/+|\/+$/g, '') || null,
    server: optionalText,
  });
}

/** A blank name is missing; an ingest server is rtmp(s)://, srt:// or http(s):// with a host. */
export function liveStreamProblems(f: LiveStreamFields): FieldProblem[] {
  const problems = blankProblems(f, ['name']);
  if (f.server !== null && !/^(rtmps?|srt|https?):\/\/[^\s/]+/i.test(f.server))
    problems.push({ field: 'server', code: 'validation.url' });
  return problems;
}

/**
 * What going live or off air does: Y from N starts a new stream time (`liveSince` now), N from Y
 * keeps the last one (a recording replays its calls against it); no change, no announcement.
 */
export function liveTransition(
  before: YesNo,
  after: YesNo,
  liveSince: Date | null,
  now: Date,
): { liveSince: Date | null; changed: boolean } {
  if (before === after) return { liveSince, changed: false };
  return { liveSince: after === 'Y' ? now : liveSince, changed: true };
}
