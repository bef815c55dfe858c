import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Media's private document files (`media.file.stored`, kind document, visibility private): a
 * document may only name a file learning has heard of.
 */
export const MediaDocument = defineEntity({
  name: 'MediaDocument',
  tableName: 'media_documents',
  properties: {
    fileId: p.uuid().primary(),
    filename: p.string().length(300),
    /** the name as uploaded (media's download name); null when media did not say */
    originalName: p.string().length(255).nullable(),
    contentType: p.string().length(200),
    bytes: p.bigint('number'),
    sha256: p.string().length(64),
    createdBy: p.string().length(64).nullable(),
    storedAt: p.datetime(),
  },
});
export type MediaDocumentEntity = InferEntity<typeof MediaDocument>;
