import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

/**
 * Just enough of the S3 REST API (path-style PUT and GET object) to show what the adapter sends
 * and how it reads answers, including the 404 NoSuchKey error. It checks that requests are signed,
 * not the signature itself.
 */
export class FakeS3 {
  readonly objects = new Map<string, StoredObject>();
  readonly requests: { method: string; path: string; authorization: string | undefined }[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; headers: Record<string, string>; body?: Buffer | string }> {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    this.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      this.objects.set(path, {
        body: Buffer.concat(chunks),
        contentType: req.headers['content-type'],
        cacheControl: req.headers['cache-control'],
      });
      return { status: 200, headers: { etag: '"fake"' } };
    }
    if (req.method === 'GET') {
      const o = this.objects.get(path);
      if (!o) {
        const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${path}</Key></Error>`;
        return { status: 404, headers: { 'content-type': 'application/xml' }, body: xml };
      }
      return {
        status: 200,
        headers: {
          'content-type': o.contentType ?? 'application/octet-stream',
          'content-length': String(o.body.length),
        },
        body: o.body,
      };
    }
    if (req.method === 'DELETE') {
      this.objects.delete(path);
      return { status: 204, headers: {} };
    }
    return { status: 405, headers: {} };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
