import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Visibility } from '../storage/file-store.js';

/**
 * One stored file. The bytes live in the file store under (visibility, kind, filename); this row
 * is the record staff list and the place private files will keep their owner (issue 6).
 * Width and height are null for files that are not images (documents, later).
 */
export const MediaFile = defineEntity({
  name: 'MediaFile',
  tableName: 'media_files',
  properties: {
    id: p.uuid().primary(),
    visibility: p.string().$type<Visibility>().length(16),
    kind: p.string().length(32),
    filename: p.string().length(128),
    contentType: p.string().length(100),
    bytes: p.integer(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    sha256: p.string().length(64),
    /** a document's name as uploaded (Content-Disposition); null for images */
    originalName: p.string().length(255).nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type MediaFileEntity = InferEntity<typeof MediaFile>;
