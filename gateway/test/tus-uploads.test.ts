import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';

/**
 * Lesson videos are uploaded with the tus protocol through /api/media (media's
 * routes/video-uploads): the gateway must carry its methods (OPTIONS, POST, HEAD, PATCH, DELETE),
 * its headers both ways, a PATCH body larger than any JSON limit as a stream, and leave media's
 * Location (built from X-Forwarded-Prefix) as media wrote it. A stand-in plays media's part.
 */
describe('tus uploads through the gateway', () => {
  let media: StandIn;
  let gw: TestGateway;
  let base: string;
  const received = new Map<string, number>();
  const LENGTH = 3 * 1024 * 1024 + 17;

  beforeAll(async () => {
    media = await standIn((app) => {
      app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
      app.options('/videos/uploads', async (_req, reply) =>
        reply.header('tus-resumable', '1.0.0').header('tus-version', '1.0.0').status(204).send(),
      );
      app.post('/videos/uploads', async (req, reply) => {
        received.set('u1', 0);
        return reply
          .header('tus-resumable', '1.0.0')
          .header('location', `${String(req.headers['x-forwarded-prefix'] ?? '')}/videos/uploads/u1`)
          .status(201)
          .send({ length: req.headers['upload-length'], metadata: req.headers['upload-metadata'] });
      });
      app.head('/videos/uploads/:id', async (req, reply) =>
        reply
          .header('tus-resumable', req.headers['tus-resumable'] ?? 'missing')
          .header('upload-offset', String(received.get('u1') ?? 0))
          .header('upload-length', String(LENGTH))
          .status(200)
          .send(),
      );
      app.patch('/videos/uploads/:id', async (req, reply) => {
        let n = 0;
        for await (const chunk of req.raw) n += (chunk as Buffer).length;
        const offset = Number(req.headers['upload-offset']) + n;
        received.set('u1', offset);
        return reply
          .header('tus-resumable', '1.0.0')
          .header('upload-offset', String(offset))
          .status(204)
          .send();
      });
      app.delete('/videos/uploads/:id', async (_req, reply) => reply.status(204).send());
    });
    gw = await startGateway({ MEDIA_URL: media.url, GATEWAY_SERVICES: 'media' });
    await gw.app.listen({ host: '127.0.0.1', port: 0 });
    const addr = gw.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });

  afterAll(async () => {
    await gw?.close();
    await media?.close();
  });

  const tus = { 'tus-resumable': '1.0.0' };

  it('creates an upload and answers the public Location under /api/media', async () => {
    const options = await fetch(`${base}/api/media/videos/uploads`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');

    const res = await fetch(`${base}/api/media/videos/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(LENGTH), 'upload-metadata': 'filename bGVzc29uLm1wNA==' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/api/media/videos/uploads/u1');
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(await res.json()).toEqual({ length: String(LENGTH), metadata: 'filename bGVzc29uLm1wNA==' });
  });

  it('streams PATCH bodies larger than the JSON limit, and HEAD carries the offset back', async () => {
    const body = Buffer.alloc(LENGTH - 17, 7);
    const patch = await fetch(`${base}/api/media/videos/uploads/u1`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body,
    });
    expect(patch.status).toBe(204);
    expect(patch.headers.get('upload-offset')).toBe(String(body.length));

    const head = await fetch(`${base}/api/media/videos/uploads/u1`, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(body.length));
    expect(head.headers.get('upload-length')).toBe(String(LENGTH));
    expect(head.headers.get('tus-resumable')).toBe('1.0.0');

    const del = await fetch(`${base}/api/media/videos/uploads/u1`, { method: 'DELETE', headers: tus });
    expect(del.status).toBe(204);
  });

  it('carries a PATCH whose body arrives slowly for longer than the upstream timeout (a slow uplink)', async () => {
    const slow = await startGateway({
      MEDIA_URL: media.url,
      GATEWAY_SERVICES: 'media',
      UPSTREAM_TIMEOUT_MS: '1000',
    });
    try {
      await slow.app.listen({ host: '127.0.0.1', port: 0 });
      const addr = slow.app.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      received.set('u1', 0);
      const pieces = 12;
      const piece = Buffer.alloc(4096, 1);
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'PATCH',
          path: '/api/media/videos/uploads/u1',
          headers: {
            ...tus,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(pieces * piece.length),
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        let sent = 0;
        const tick = setInterval(() => {
          req.write(piece);
          if (++sent === pieces) {
            clearInterval(tick);
            req.end();
          }
        }, 250); // 3 s in all, three times the upstream timeout
      });
      expect(status).toBe(204);
      expect(received.get('u1')).toBe(pieces * piece.length);
    } finally {
      await slow.close();
    }
  });
});
