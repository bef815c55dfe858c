import type {
  DocumentCreateBody,
  DocumentListCreateBody,
  DocumentUpdateBody,
} from '@rian/proto-contracts/learning-content';
import { blankProblems, optionalText, patched, type FieldProblem } from './field-rules.js';

/** A document's fields as staff write them (spec 02 §3 "Document"). */
export interface DocumentFields {
  name: string;
  detail: string | null;
  type: string | null;
  position: number;
  fileId: string;
  img: string | null;
}

export function documentFields(
  body: DocumentCreateBody | DocumentUpdateBody,
  current?: DocumentFields,
): DocumentFields {
  const start: DocumentFields = current ?? {
    name: '',
    detail: null,
    type: null,
    position: 1,
    fileId: '',
    img: null,
  };
  return patched(start, body, {
    name: (v) => v.trim(),
    detail: optionalText,
    type: optionalText,
    img: optionalText,
  });
}

export function documentProblems(f: DocumentFields): FieldProblem[] {
  return blankProblems(f, ['name']);
}

/** Where a document list entry points: exactly one of a video, a session or a course. */
export type ListTarget = { videoId: string } | { sessionId: string } | { courseId: string };

export function listTarget(body: DocumentListCreateBody): ListTarget | null {
  const given = [
    body.videoId ? { videoId: body.videoId } : null,
    body.sessionId ? { sessionId: body.sessionId } : null,
    body.courseId ? { courseId: body.courseId } : null,
  ].filter((t) => t !== null);
  return given.length === 1 ? given[0]! : null;
}
