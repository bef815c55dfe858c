import { Type, type Static } from '@sinclair/typebox';
import { Page, Uuid } from './common.js';
import { defineEvent } from './envelope.js';

/**
 * Public images staff upload (spec 02 §7 "Uploads": /uploadProduct, /uploadCoures, /uploadSlide,
 * /uploadCoach, /uploadBookBank, /uploadQr, /uploadCoursesLiveStreaming, /uploadCoursesLiveTrade).
 * Private files (slips, signatures) come with their own kinds.
 */
export const IMAGE_KINDS = [
  'product',
  'course',
  'slide',
  'coach',
  'bank',
  'qr',
  'live-streaming',
  'live-trade',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const ImageKindSchema = Type.Union(
  IMAGE_KINDS.map((k) => Type.Literal(k)),
  {
    description:
      'product, course, slide, coach, bank (book-bank account), qr, live-streaming or live-trade ' +
      "(a course's live streaming / live trade picture)",
  },
);

/** A stored image's name as media makes it: 32 hex digits of its SHA-256 and the format's extension. */
export const IMAGE_STORED_NAME = '[0-9a-f]{32}\\.(?:png|jpg|gif|webp)';

export function isImageKind(value: string): value is ImageKind {
  return (IMAGE_KINDS as readonly string[]).includes(value);
}

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export const ImageContentTypeSchema = Type.Union(IMAGE_CONTENT_TYPES.map((t) => Type.Literal(t)));

/** What an upload answers (the spec's clients read `filename`). */
export const ImageStored = Type.Object(
  {
    filename: Type.String({ description: 'the name under /images/{kind}/; never changes, never reused' }),
    url: Type.String({ description: 'where the browser reads it (through the gateway)' }),
    width: Type.Integer(),
    height: Type.Integer(),
    bytes: Type.Integer({ description: 'size of the stored, re-encoded file' }),
    contentType: ImageContentTypeSchema,
  },
  { $id: 'ImageStored' },
);
export type ImageStored = Static<typeof ImageStored>;

/** One stored image as staff see it in the back office. */
export const MediaImage = Type.Object(
  {
    id: Uuid(),
    kind: ImageKindSchema,
    filename: Type.String(),
    url: Type.String(),
    contentType: ImageContentTypeSchema,
    bytes: Type.Integer(),
    width: Type.Integer(),
    height: Type.Integer(),
    sha256: Type.String({ description: 'hex digest of the stored bytes' }),
    createdBy: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'MediaImage' },
);
export type MediaImage = Static<typeof MediaImage>;

export const MediaImagePage = Page(MediaImage);

export const ImageListQuery = Type.Object({
  kind: Type.Optional(ImageKindSchema),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type ImageListQuery = Static<typeof ImageListQuery>;

// ---------- events ----------

/**
 * A file was stored for the first time (uploading the same bytes again answers the same filename
 * and emits nothing). `kind` and `visibility` are open strings: private kinds (slip, signature)
 * and non-image files (documents, without width/height) will use the same event.
 */
export const FileStored = defineEvent(
  'media.file.stored',
  1,
  Type.Object({
    fileId: Uuid(),
    kind: Type.String(),
    visibility: Type.String({ description: 'public or private' }),
    filename: Type.String(),
    contentType: Type.String(),
    bytes: Type.Integer({ minimum: 0 }),
    width: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    height: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    createdBy: Type.Union([Type.String(), Type.Null()]),
    storedAt: Type.String({ format: 'date-time' }),
    /** a private document's name as uploaded (its download name); absent for images */
    originalName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
);
