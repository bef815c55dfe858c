import { vi } from 'vitest';

type Upload = { id: string; length: number; offset: number; metadata: string };
export type TusRequest = { method: string; url: string; headers: Record<string, string> };

/**
 * Tests only: a tus 1.0.0 server (creation, termination) behind a stubbed XMLHttpRequest, as
 * tus-js-client's browser build talks to media. A PATCH reports half its bytes sent, then waits
 * for `release()` (so a test sees the progress bar mid-way, or pauses there); an aborted PATCH
 * keeps the half that arrived, as media keeps what was written.
 */
export function fakeTusServer({ prefix = '/api/media/videos/uploads' } = {}) {
  const uploads = new Map<string, Upload>();
  const requests: TusRequest[] = [];
  let waiting: (() => void)[] = [];
  let held = true;
  let next = 1;

  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private replyHeaders: Record<string, string> = {};
    private aborted = false;
    private partial: (() => void) | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return this.replyHeaders[name.toLowerCase()] ?? null;
    }
    abort() {
      this.aborted = true;
      this.partial?.();
      this.partial = null;
    }
    send(body: Blob | null) {
      requests.push({ method: this.method, url: this.url, headers: { ...this.headers } });
      void this.handle(body).catch((e: unknown) => this.onerror?.(e));
    }

    private reply(status: number, headers: Record<string, string> = {}) {
      if (this.aborted) return;
      this.status = status;
      this.replyHeaders = { 'tus-resumable': '1.0.0', ...headers };
      this.onload?.();
    }

    private async handle(body: Blob | null) {
      await Promise.resolve();
      const path = new URL(this.url, 'http://localhost').pathname;
      const id = path.slice(prefix.length + 1);
      const upload = uploads.get(id);
      if (this.method === 'POST' && path === prefix) {
        const created: Upload = {
          id: `0190a0b0-0000-7000-8000-${String(next++).padStart(12, '0')}`,
          length: Number(this.headers['upload-length']),
          offset: 0,
          metadata: this.headers['upload-metadata'] ?? '',
        };
        uploads.set(created.id, created);
        return this.reply(201, { location: `${prefix}/${created.id}` });
      }
      if (!upload) return this.reply(404);
      if (this.method === 'HEAD') {
        return this.reply(200, {
          'upload-offset': String(upload.offset),
          'upload-length': String(upload.length),
        });
      }
      if (this.method === 'DELETE') {
        uploads.delete(id);
        return this.reply(204);
      }
      if (this.method === 'PATCH') {
        if (Number(this.headers['upload-offset']) !== upload.offset) return this.reply(409);
        const size = body?.size ?? 0;
        const half = Math.floor(size / 2);
        this.upload.onprogress?.({ lengthComputable: true, loaded: half });
        if (held) {
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            this.partial = () => {
              waiting = waiting.filter((w) => w !== resolve);
              upload.offset += half;
              resolve();
            };
          });
        }
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: size });
        upload.offset += size;
        return this.reply(204, { 'upload-offset': String(upload.offset) });
      }
      return this.reply(405);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    uploads,
    requests,
    /** lets the PATCHes waiting go on (and, `hold` false, every later one at once) */
    release({ hold = false } = {}) {
      held = hold;
      const go = waiting;
      waiting = [];
      for (const resolve of go) resolve();
    },
    /** how many PATCHes are waiting for `release` */
    waitingCount: () => waiting.length,
  };
}
