import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common.js';
import { YesNoSchema } from './enums.js';

/**
 * Signed course terms (issue 16; spec 01 §2 "Course terms" dialog and /signature, §3 UserCourses
 * signature fields, §4 "Signature", §7 userCourses UpdateSignature and fileCreateCondition*; spec 02
 * §9 refund and learner-change conditions; ARCHITECTURE §9 "Signed terms").
 *
 * The terms are per enrolment: the member's selected one (or `courseId`). Learning writes the text
 * (Thai and English, the course title and the member's first and last name filled in, versioned) and
 * its SHA-256; the member accepts with what they saw (`textHash`), their strokes (signature_pad's point
 * groups) and the pad's PNG. Learning keeps strokes, PNG, the date, IP, user agent and the hash, renders
 * the signed PDF (Sarabun, Thai wrapped between words, the signature placed) and sets the enrolment's
 * signature flag Y with its date and paths (UpdateSignature). The PDF is read through a short-lived
 * signed URL, by its member or staff only.
 *
 * Learning routes (base /api/learning through the gateway):
 *   member GET  /member/terms?courseId              → TermsView (404 when not enrolled)
 *          POST /member/terms                       → TermsView (signed; 409 when signed before)
 *   staff  GET  /admin/enrolments/:id/terms         → TermsStaffView
 *   anyone GET  /signed/:exp/:sig/terms/:enrolmentId/:file → the PDF (the URL is the capability)
 */

/** Limits of what an acceptance may carry; checked before anything is decoded. */
export const TERMS_LIMITS = {
  /** pen-down strokes of one signature */
  maxStrokes: 100,
  /** points in one stroke */
  maxStrokePoints: 2000,
  /** points over all strokes */
  maxPoints: 5000,
  /** the PNG's bytes (decoded from base64) */
  maxPngBytes: 300 * 1024,
  /** the PNG's width and height as its header declares them */
  maxPngWidth: 2000,
  maxPngHeight: 1000,
} as const;

/** One side of the text, as shown and as rendered in the PDF. */
export const TermsText = Type.Object({
  title: Type.String(),
  intro: Type.String(),
  clauses: Type.Array(Type.String()),
  closing: Type.String(),
});
export type TermsText = Static<typeof TermsText>;

export const TermsView = Type.Object(
  {
    enrolmentId: Uuid(),
    courseId: Type.String(),
    courseTitle: Type.String(),
    /** the enrolment's signature flag (spec 01 user_courses_signature) */
    signature: YesNoSchema,
    signedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** the version of the text shown (or signed) */
    version: Type.String(),
    th: TermsText,
    en: TermsText,
    /** SHA-256 (hex) of the text: what an acceptance sends back as `textHash` */
    textHash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    /** the signed PDF, when signed: a short-lived URL, asked for afresh on each read */
    pdfUrl: Type.Union([Type.String(), Type.Null()]),
    pdfExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'TermsView' },
);
export type TermsView = Static<typeof TermsView>;

export const TermsQuery = Type.Object({ courseId: Type.Optional(Type.String({ maxLength: 64 })) });
export type TermsQuery = Static<typeof TermsQuery>;

const Num = () => Type.Number({ minimum: -1e6, maximum: 1e6 });
export const StrokePoint = Type.Object({
  x: Num(),
  y: Num(),
  pressure: Type.Number({ minimum: 0, maximum: 1 }),
  time: Type.Number({ minimum: 0, maximum: 1e14 }),
});
/** signature_pad's PointGroup (toData()): the pen settings and the points of one stroke */
export const Stroke = Type.Object({
  penColor: Type.Optional(Type.String({ maxLength: 40 })),
  dotSize: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  minWidth: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  maxWidth: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  velocityFilterWeight: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
  compositeOperation: Type.Optional(Type.String({ maxLength: 40 })),
  points: Type.Array(StrokePoint, { minItems: 1, maxItems: TERMS_LIMITS.maxStrokePoints }),
});
export type Stroke = Static<typeof Stroke>;

export const TermsAcceptBody = Type.Object({
  courseId: Type.Optional(Type.String({ maxLength: 64 })),
  textHash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  strokes: Type.Array(Stroke, { minItems: 1, maxItems: TERMS_LIMITS.maxStrokes }),
  /** the pad's PNG, base64 (a data: URL prefix is allowed) */
  png: Type.String({ minLength: 1, maxLength: Math.ceil((TERMS_LIMITS.maxPngBytes * 4) / 3) + 64 }),
});
export type TermsAcceptBody = Static<typeof TermsAcceptBody>;

/** What staff see of a member's signed terms (from the member's enrolment in /admin/userCourse). */
export const TermsStaffView = Type.Object(
  {
    enrolmentId: Uuid(),
    userId: Type.String(),
    courseId: Type.String(),
    signature: YesNoSchema,
    signedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    version: Type.Union([Type.String(), Type.Null()]),
    textHash: Type.Union([Type.String(), Type.Null()]),
    ip: Type.Union([Type.String(), Type.Null()]),
    userAgent: Type.Union([Type.String(), Type.Null()]),
    pdfUrl: Type.Union([Type.String(), Type.Null()]),
    pdfExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'TermsStaffView' },
);
export type TermsStaffView = Static<typeof TermsStaffView>;
