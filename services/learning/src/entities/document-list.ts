import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A document listed on exactly one of a video, a session or a course (spec 02 §3 "Document list"). */
export const DocumentList = defineEntity({
  name: 'DocumentList',
  tableName: 'document_lists',
  properties: {
    id: p.uuid().primary().fieldName('document_list_id'),
    documentId: p.uuid(),
    videoId: p.uuid().nullable(),
    sessionId: p.uuid().nullable(),
    courseId: p.uuid().nullable(),
    item: p.integer(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type DocumentListEntity = InferEntity<typeof DocumentList>;
