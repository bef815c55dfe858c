import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemError } from '@rian/kit/errors';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { TermsAcceptBody, TermsQuery, TermsStaffView, TermsView } from '@rian/proto-contracts/learning-terms';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const Segment = () => Type.String({ maxLength: 200 });

/**
 * Signed course terms (issue 16): the member's text and acceptance, staff's view of a member's
 * enrolment, and the signed PDF behind a short-lived signed URL (the URL is the capability).
 */
const memberTermsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const member = { tags: ['terms'], security: [{ bearer: [] }] };

  app.get(
    '/member/terms',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...member,
        summary:
          "The course terms of the member's selected enrolment (or courseId's): the text with the course title and the member's name, its hash, the signature flag, and the signed PDF's URL once signed",
        querystring: TermsQuery,
        response: { 200: TermsView, ...problems },
      },
    },
    async (req) => app.signedTerms.view(req.principal!, req.query.courseId),
  );

  app.post(
    '/member/terms',
    {
      preHandler: app.kit.requireUser,
      // strokes (bounded by the schema) and a PNG of at most 300 KiB as base64
      bodyLimit: 768 * 1024,
      schema: {
        ...member,
        summary:
          'Accept the course terms (UpdateSignature + fileCreateCondition): strokes, the pad PNG and the hash of the text shown; stores them privately, renders the signed PDF and sets the signature flag. 409 learning.terms_signed when signed before, learning.terms_changed when the text is not the current one',
        body: TermsAcceptBody,
        response: {
          200: TermsView,
          ...problems,
          409: ProblemSchema,
          413: ProblemSchema,
          415: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (req) =>
      app.signedTerms.accept(req.principal!, req.body, {
        ip: req.ip || null,
        userAgent: req.headers['user-agent'] ?? null,
      }),
  );

  app.get(
    '/admin/enrolments/:id/terms',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin-enrolments'],
        security: [{ bearer: [] }],
        summary:
          "A member's signed terms for this enrolment: flag, date, IP, user agent, version, hash and a fresh URL of the signed PDF",
        params: Type.Object({ id: Uuid() }),
        response: { 200: TermsStaffView, ...problems },
      },
    },
    async (req) => app.signedTerms.staffView(req.params.id),
  );

  app.get(
    '/signed/:exp/:sig/terms/:enrolmentId/:file',
    {
      schema: {
        tags: ['terms'],
        summary: 'The signed terms PDF by a signed, expiring URL (handed to its member and to staff only)',
        params: Type.Object({ exp: Segment(), sig: Segment(), enrolmentId: Segment(), file: Segment() }),
        response: {
          200: {
            description: 'the PDF',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      const found = await app.signedTerms.pdfBySignedUrl(req.params);
      if (found === 'forbidden') throw new ProblemError('learning.terms_link_invalid');
      if (found === 'not_found') throw new ProblemError('learning.terms_file_not_found');
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${found.name}"`)
        .type('application/pdf')
        .send(found.pdf);
    },
  );
};

export default memberTermsRoutes;
