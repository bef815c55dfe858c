import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  DocumentAdminQuery,
  DocumentCreateBody,
  DocumentListAdminQuery,
  DocumentListCreateBody,
  DocumentListStaff,
  DocumentListUpdateBody,
  DocumentStaff,
  DocumentUpdateBody,
  DocumentUrl,
} from '@rian/proto-contracts/learning-content';

/**
 * /admin/documents (the SPA's /admin/document; spec document) and /admin/document-lists (spec
 * documentList ByVideosId / ByCoursesId / ByCoursesDetailTimeId): staff only. Staff open a saved
 * document's file through a short-lived signed URL (/admin/documents/{id}/url).
 */
const adminDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/documents',
    tag: 'admin-documents',
    noun: 'document',
    item: DocumentStaff,
    query: DocumentAdminQuery,
    createBody: DocumentCreateBody,
    updateBody: DocumentUpdateBody,
    summaries: {
      list: 'Documents, newest first by default; courseId: listed on the course, its sessions or videos; q matches name or detail',
      create: 'Add a document (fileId: a private document file media stored; position 1 by default)',
      remove: 'Delete a document (its list entries go with it)',
    },
    service: app.documents,
  });

  app.get(
    '/admin/documents/:id/url',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin-documents'],
        security: [{ bearer: [] }],
        summary:
          "A short-lived signed URL of a document's file, for staff to open it (404: no such document, or media has not told learning of its file yet)",
        params: Type.Object({ id: Uuid() }),
        response: {
          200: DocumentUrl,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (req) => app.documents.url(req.params.id),
  );

  staffRoutes(app, {
    path: '/admin/document-lists',
    tag: 'admin-documents',
    noun: 'document list entry',
    plural: 'document list entries',
    item: DocumentListStaff,
    query: DocumentListAdminQuery,
    createBody: DocumentListCreateBody,
    updateBody: DocumentListUpdateBody,
    conflict: ['create'],
    summaries: {
      list: 'Document list entries; videoId / sessionId / courseId / documentId filter (spec ByVideosId, ByCoursesDetailTimeId, ByCoursesId)',
      create: 'List a document on exactly one of a video, a session or a course',
      update: "Change an entry's order (item)",
    },
    list: (q) => app.documents.listLists(q),
    get: (id) => app.documents.listById(id),
    create: (body, req) => app.documents.createList(body, req.principal?.sub ?? null),
    update: (id, body) => app.documents.updateList(id, body),
    remove: (id) => app.documents.removeList(id),
  });
};

export default adminDocumentRoutes;
