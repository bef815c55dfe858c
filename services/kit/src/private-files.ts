import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const NAME = /^[0-9a-f-]{36}\.(png|jpg|gif)$/;

/**
 * Private images on the local disk (payments' and bookings' transfer slips), never served as static
 * files: owner-only permissions, written to a temporary name and renamed, so a reader never sees
 * half a file. Names are `<uuid>.<png|jpg|gif>`; anything else is refused.
 */
export class PrivateFileStore {
  constructor(private readonly dir: string) {}

  private path(name: string): string {
    if (!NAME.test(name)) throw new Error(`not a private file name: ${name}`);
    return join(this.dir, name);
  }

  async put(name: string, data: Buffer): Promise<void> {
    const target = this.path(name);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, target);
  }

  async remove(name: string): Promise<void> {
    await rm(this.path(name), { force: true });
  }

  /** The file and its size; undefined when it is not there. */
  async open(name: string): Promise<{ body: ReadStream; bytes: number } | undefined> {
    const path = this.path(name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { body: createReadStream(path), bytes: info.size };
  }
}
