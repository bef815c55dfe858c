import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Stroke, TermsText } from '@rian/proto-contracts/learning-terms';

/** What a member signed and how (issue 16): one row per signed enrolment, never changed after. */
export const SignedTerms = defineEntity({
  name: 'SignedTerms',
  tableName: 'signed_terms',
  properties: {
    enrolmentId: p.uuid().primary(),
    userId: p.string().length(64),
    courseId: p.string().length(64),
    version: p.string().length(40),
    textHash: p.string().length(64),
    text: p.json<{ th: TermsText; en: TermsText }>(),
    strokes: p.json<Stroke[]>(),
    signaturePng: p.blob(),
    pdf: p.blob(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(500).nullable(),
    signedAt: p.datetime(),
  },
});
export type SignedTermsEntity = InferEntity<typeof SignedTerms>;
