import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { objectKey, type FileRef, type FileStore, type StoredFile } from './file-store.js';

/** Files under a local folder: `<root>/public/product/<name>`. */
export class LocalFileStore implements FileStore {
  readonly backend = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  pathOf(ref: FileRef): string {
    return join(this.root, objectKey(ref));
  }

  async put(ref: FileRef, body: Buffer): Promise<void> {
    const path = this.pathOf(ref);
    await mkdir(dirname(path), { recursive: true });
    // write beside, then rename: a reader sees the old file or the whole new one, never a part
    const tmp = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, body, { mode: 0o644 });
      await rename(tmp, path);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  async putFile(ref: FileRef, source: string): Promise<void> {
    const path = this.pathOf(ref);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomUUID()}.tmp`;
    try {
      await copyFile(source, tmp);
      await rename(tmp, path);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  async delete(ref: FileRef): Promise<void> {
    await rm(this.pathOf(ref), { force: true });
  }

  async get(ref: FileRef): Promise<StoredFile | undefined> {
    const path = this.pathOf(ref);
    try {
      const s = await stat(path);
      if (!s.isFile()) return undefined;
      return { body: createReadStream(path), bytes: s.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }
}
