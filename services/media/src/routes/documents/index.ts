import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { DocumentStored } from '@rian/proto-contracts/media-assets';
import { readUploadedDocument } from './read-document.js';

/**
 * Private documents (spec 02 /uploadDocument, field `images` as the spec's uploads): staff only;
 * read back only through a signed URL (routes/signed).
 */
const documentRoutes: FastifyPluginAsyncTypebox<{ maxBytes: number }> = async (app, { maxBytes }) => {
  await app.register(multipart, {
    // two files allowed through busboy so a second one is told apart (400 media.one_file)
    limits: { fileSize: maxBytes, files: 2, parts: 10, fields: 10, fieldSize: 1024, headerPairs: 100 },
  });

  app.post(
    '/documents',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['documents'],
        summary:
          'Upload a private document (multipart field `images`): PDF, image or Office file, checked by content',
        description:
          'PDF, PNG, JPEG, GIF, WebP, DOCX, XLSX, PPTX, DOC, XLS or PPT, by content whatever the name ' +
          'says; at most MEDIA_DOCUMENT_MAX_BYTES. Stored privately; emits media.file.stored ' +
          '(visibility private, kind document). Answers a short-lived signed URL for the uploader.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: DocumentStored,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          413: ProblemSchema,
        },
      },
    },
    async (req) => {
      const upload = await readUploadedDocument(req, 'images', maxBytes);
      return app.privateDocuments.store(upload.data, upload.name, req.principal?.sub ?? null);
    },
  );
};

export default documentRoutes;
