import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import { ProblemError, fieldError, validationProblem } from '@rian/kit/errors';
import { signMediaUrl } from '@rian/kit/signed-url';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { assertNoProblems, StaffCrud, type Paged } from '@rian/kit/staff-crud';
import {
  DocumentChanged,
  DocumentDeleted,
  DocumentListChanged,
  DocumentListDeleted,
  type DocumentAdminQuery,
  type DocumentCreateBody,
  type DocumentListAdminQuery,
  type DocumentListCreateBody,
  type DocumentListRecord,
  type DocumentListStaff,
  type DocumentListUpdateBody,
  type DocumentRecord,
  type DocumentStaff,
  type DocumentUpdateBody,
  type DocumentUrl,
} from '@rian/proto-contracts/learning-content';
import type { Config } from '../../config.js';
import { CourseDocument, type CourseDocumentEntity } from '../../entities/course-document.js';
import { DocumentList, type DocumentListEntity } from '../../entities/document-list.js';
import { MediaDocument } from '../../entities/media-document.js';
import {
  documentFields,
  documentProblems,
  listTarget,
  type DocumentFields,
} from '../../domain/document-fields.js';
import { documentFile, documentListRecord, documentRecord } from '../../domain/content-views.js';
import {
  courseProblems,
  documentProblems as documentRefProblems,
  fileProblems,
  sessionProblems,
  videoProblems,
} from './content-refs.js';
import { announceListsGone } from './content-links.js';

/** What signing a document's URL takes (the same settings as the member's reads). */
export type DocumentUrlSettings = Pick<
  Config,
  'MEDIA_PUBLIC_URL' | 'MEDIA_URL_SECRET' | 'LEARNING_SIGNED_URL_TTL_S'
>;

const fieldsOf = (d: CourseDocumentEntity): DocumentFields => ({
  name: d.name,
  detail: d.detail ?? null,
  type: d.type ?? null,
  position: d.position,
  fileId: d.fileId,
  img: d.img ?? null,
});

/**
 * Documents (spec 02 §3 "Document", /admin/document): a private file media stored (kind document;
 * learning refuses a file id it has not heard of), named and ordered by staff. Document lists tie a
 * document to exactly one video, session or course.
 */
export class Documents {
  private readonly crud;
  private readonly lists;

  constructor(
    private readonly kit: Kit,
    private readonly settings: DocumentUrlSettings,
  ) {
    this.crud = new StaffCrud(
      { kit },
      {
        entity: CourseDocument,
        notFound: 'learning.document_not_found',
        staff: documentRecord,
        changed: DocumentChanged,
        deleted: DocumentDeleted,
        deletedData: (d, deletedAt) => ({ id: d.id, deletedAt }),
      },
    );
    this.lists = new StaffCrud(
      { kit },
      {
        entity: DocumentList,
        notFound: 'learning.document_list_not_found',
        staff: documentListRecord,
        changed: DocumentListChanged,
        deleted: DocumentListDeleted,
        deletedData: (l: DocumentListEntity, deletedAt) => ({
          id: l.id,
          documentId: l.documentId,
          videoId: l.videoId ?? null,
          sessionId: l.sessionId ?? null,
          courseId: l.courseId ?? null,
          deletedAt,
        }),
      },
    );
  }

  // ---------- documents ----------

  /** q matches name or detail; `courseId`: listed on the course, one of its sessions or videos. */
  async listStaff(q: DocumentAdminQuery): Promise<Paged<DocumentStaff>> {
    const where: FilterQuery<CourseDocumentEntity> = {};
    if (q.type) where.type = q.type;
    if (q.courseId) {
      const rows = (await this.kit.orm.em.fork().execute(
        `select distinct dl.document_id from document_lists dl
           left join course_sessions s on s.session_id = dl.session_id
           left join videos v on v.video_id = dl.video_id
          where dl.course_id = ? or s.course_id = ? or v.course_id = ?`,
        [q.courseId, q.courseId, q.courseId],
      )) as { document_id: string }[];
      where.id = { $in: rows.map((r) => r.document_id) };
    }
    const page = await this.crud.search(q, ['name', 'detail'], where);
    return { ...page, items: await this.staffViews(page.items) };
  }

  async staffById(id: string): Promise<DocumentStaff> {
    return (await this.staffViews([await this.crud.byId(id)]))[0]!;
  }

  async create(body: DocumentCreateBody, createdBy: string | null): Promise<DocumentStaff> {
    const f = documentFields(body);
    assertNoProblems(documentProblems(f));
    const r = await this.crud.create(f, createdBy, {
      check: async (em) => assertNoProblems(await fileProblems(em, f.fileId)),
    });
    return (await this.staffViews([r]))[0]!;
  }

  async update(id: string, body: DocumentUpdateBody): Promise<DocumentStaff> {
    const r = await this.crud.update(id, async (d, em) => {
      const f = documentFields(body, fieldsOf(d));
      assertNoProblems([
        ...documentProblems(f),
        ...(f.fileId !== d.fileId ? await fileProblems(em, f.fileId) : []),
      ]);
      return f;
    });
    return (await this.staffViews([r]))[0]!;
  }

  /** Its list entries go with it (each with its event). */
  remove(id: string): Promise<void> {
    return this.crud.remove(id, {
      before: (em, d, deletedAt) => announceListsGone(em, this.kit.outbox, { documentId: d.id }, deletedAt),
    });
  }

  /**
   * A short-lived signed URL of a document's file, for staff to open it (media serves scope
   * `document/<fileId>` as an attachment under its uploaded name). 404 when the document is gone or
   * media has not told learning of its file yet.
   */
  async url(id: string, now = new Date()): Promise<DocumentUrl> {
    const d = await this.crud.byId(id);
    const f = await this.kit.orm.em.fork().findOne(MediaDocument, { fileId: d.fileId });
    if (!f) throw new ProblemError('learning.document_file_not_found');
    const signed = signMediaUrl({
      base: this.settings.MEDIA_PUBLIC_URL,
      secret: this.settings.MEDIA_URL_SECRET,
      scope: `document/${f.fileId}`,
      file: f.filename,
      ttlSeconds: this.settings.LEARNING_SIGNED_URL_TTL_S,
      now,
    });
    return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
  }

  /** A document and its list entries with fixed ids in `em`'s transaction, with their events (the demo seed). */
  insertSeed(em: EntityManager, id: string, body: DocumentCreateBody): void {
    const f = documentFields(body);
    assertNoProblems(documentProblems(f));
    this.crud.insert(em, { id, ...f }, null);
  }

  insertListSeed(em: EntityManager, id: string, documentId: string, courseId: string): void {
    this.lists.insert(em, { id, documentId, videoId: null, sessionId: null, courseId, item: 1 }, null);
  }

  private async staffViews(records: DocumentRecord[]): Promise<DocumentStaff[]> {
    const ids = [...new Set(records.map((r) => r.fileId))];
    const files = ids.length
      ? await this.kit.orm.em.fork().find(MediaDocument, { fileId: { $in: ids } })
      : [];
    const file = new Map(files.map((f) => [f.fileId, documentFile(f)]));
    return records.map((r) => ({ ...r, file: file.get(r.fileId) ?? null }));
  }

  // ---------- document lists ----------

  async listLists(q: DocumentListAdminQuery): Promise<Paged<DocumentListStaff>> {
    const where: FilterQuery<DocumentListEntity> = {};
    for (const k of ['documentId', 'videoId', 'sessionId', 'courseId'] as const) if (q[k]) where[k] = q[k];
    const page = await this.lists.search(q, [], where);
    return { ...page, items: await this.listViews(page.items) };
  }

  async listById(id: string): Promise<DocumentListStaff> {
    return (await this.listViews([await this.lists.byId(id)]))[0]!;
  }

  /** Exactly one of videoId, sessionId, courseId (400 `learning.document_list_target` otherwise). */
  async createList(body: DocumentListCreateBody, createdBy: string | null): Promise<DocumentListStaff> {
    const target = listTarget(body);
    if (!target) throw validationProblem([fieldError('target', 'learning.document_list_target')]);
    const fields = {
      documentId: body.documentId,
      videoId: null,
      sessionId: null,
      courseId: null,
      ...target,
      item: body.item ?? 1,
    };
    const r = await this.lists.create(fields, createdBy, {
      conflicts: {
        document_lists_unique: () =>
          new ProblemError('learning.document_list_exists', {
            errors: [fieldError('documentId', 'learning.document_list_exists')],
          }),
      },
      check: async (em) =>
        assertNoProblems([
          ...(await documentRefProblems(em, body.documentId)),
          ...('videoId' in target ? await videoProblems(em, null, target.videoId) : []),
          ...('sessionId' in target ? await sessionProblems(em, target.sessionId) : []),
          ...('courseId' in target ? await courseProblems(em, target.courseId) : []),
        ]),
    });
    return (await this.listViews([r]))[0]!;
  }

  async updateList(id: string, body: DocumentListUpdateBody): Promise<DocumentListStaff> {
    const r = await this.lists.update(id, (l) => ({ item: body.item ?? l.item }));
    return (await this.listViews([r]))[0]!;
  }

  removeList(id: string): Promise<void> {
    return this.lists.remove(id);
  }

  private async listViews(records: DocumentListRecord[]): Promise<DocumentListStaff[]> {
    const ids = [...new Set(records.map((r) => r.documentId))];
    const docs = ids.length ? await this.kit.orm.em.fork().find(CourseDocument, { id: { $in: ids } }) : [];
    const doc = new Map(docs.map((d) => [d.id, { id: d.id, name: d.name, type: d.type ?? null }]));
    return records.map((r) => ({ ...r, document: doc.get(r.documentId)! }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    documents: Documents;
  }
}

export default fp<{ settings: DocumentUrlSettings }>(
  async (app, opts) => {
    app.decorate('documents', new Documents(app.kit, opts.settings));
  },
  { name: 'documents' },
);
