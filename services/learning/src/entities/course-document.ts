import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A document (spec 02 §3 "Document"): a private file media stored (`fileId`), named by staff. */
export const CourseDocument = defineEntity({
  name: 'CourseDocument',
  tableName: 'documents',
  properties: {
    id: p.uuid().primary().fieldName('document_id'),
    name: p.string().length(200),
    detail: p.text().nullable(),
    type: p.string().length(40).nullable(),
    position: p.integer(),
    fileId: p.uuid(),
    img: p.string().length(300).nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type CourseDocumentEntity = InferEntity<typeof CourseDocument>;
