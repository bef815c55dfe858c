import type { Readable } from 'node:stream';

/**
 * Who may read a file. Public files are served to anyone by name; private ones (slips,
 * signatures: issue 6) are kept apart and will only be read through signed URLs.
 */
export type Visibility = 'public' | 'private';

/** Where one file lives: the same three parts on every backend. */
export interface FileRef {
  visibility: Visibility;
  /** e.g. product, qr, slip */
  kind: string;
  /** one more level for files kept together: a video's HLS files (`hls/<assetId>/…`), a document */
  folder?: string;
  filename: string;
}

export interface StoredFile {
  body: Readable;
  /** undefined when the backend does not say */
  bytes: number | undefined;
}

/** Bytes at rest: a local folder in development, an S3-compatible bucket at scale. */
export interface FileStore {
  readonly backend: 'local' | 's3';
  /** Writes (or overwrites with the same bytes: names are content-addressed) in one step: readers never see half a file. */
  put(ref: FileRef, body: Buffer, contentType: string): Promise<void>;
  /** Writes a (possibly large) local file, streamed; readers never see half of it. */
  putFile(ref: FileRef, path: string, contentType: string): Promise<void>;
  /** The file, or undefined when there is none. */
  get(ref: FileRef): Promise<StoredFile | undefined>;
  /** Removes the file; no error when there is none. */
  delete(ref: FileRef): Promise<void>;
}

const SEGMENT = /^[a-z][a-z0-9-]{0,31}$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const FOLDER = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

/** Whether `name` may be a stored file's name (callers check URL input with it before any I/O). */
export const validFilename = (name: string): boolean => NAME.test(name) && !name.includes('..');

/**
 * `public/product/<name>` (or `private/hls/<folder>/<name>`): the relative key on every backend. The parts are checked here too,
 * so no caller can make a store reach outside its root (no "..", no "/", no absolute path).
 */
export function objectKey(ref: FileRef): string {
  if (ref.visibility !== 'public' && ref.visibility !== 'private') throw new Error('bad visibility');
  if (!SEGMENT.test(ref.kind)) throw new Error(`bad kind ${JSON.stringify(ref.kind)}`);
  if (!validFilename(ref.filename)) throw new Error(`bad filename ${JSON.stringify(ref.filename)}`);
  if (ref.folder === undefined) return `${ref.visibility}/${ref.kind}/${ref.filename}`;
  if (!FOLDER.test(ref.folder)) throw new Error(`bad folder ${JSON.stringify(ref.folder)}`);
  return `${ref.visibility}/${ref.kind}/${ref.folder}/${ref.filename}`;
}
