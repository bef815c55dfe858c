import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';

/** Sends `body` with `Expect: 100-continue` the way curl does for uploads over 1 MB: headers first, body after 100. */
function postExpectingContinue(
  url: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; continued: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = httpRequest(url, {
      method: 'POST',
      headers: { expect: '100-continue', 'content-length': String(body.length), ...headers },
    });
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, continued, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
  });
}

describe('headers that belong to one connection', () => {
  let upstream: StandIn;
  let gw: TestGateway;
  let address: string;
  const received: { headers: Record<string, unknown>; bytes: number }[] = [];

  beforeAll(async () => {
    upstream = await standIn((app) => {
      app.addContentTypeParser(
        'application/octet-stream',
        { parseAs: 'buffer', bodyLimit: 8 << 20 },
        (_r, b, done) => done(null, b),
      );
      app.post('/upload', async (req) => {
        received.push({ headers: req.headers, bytes: (req.body as Buffer).length });
        return { bytes: (req.body as Buffer).length };
      });
      app.get('/ping', async (req) => {
        received.push({ headers: req.headers, bytes: 0 });
        return { ok: true };
      });
    });
    // one breaker decision per five calls (the default), closed for the whole test unless opened
    gw = await startGateway({ CATALOG_URL: upstream.url, BREAKER_RESET_MS: '60000' });
    address = await gw.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it.each([
    ['Expect: 100-continue', { expect: '100-continue' }],
    ['Keep-Alive: timeout=5', { 'keep-alive': 'timeout=5' }],
    ['Connection: keep-alive + Keep-Alive', { connection: 'keep-alive', 'keep-alive': 'timeout=5, max=100' }],
    ['TE: trailers', { te: 'trailers' }],
    ['Upgrade: h2c', { upgrade: 'h2c' }],
    ['Proxy-Authorization', { 'proxy-authorization': 'Basic eDp5' }],
  ])(
    'five requests with %s reach the service, and a plain one after them still does',
    async (_what, headers) => {
      received.length = 0;
      for (let i = 0; i < 5; i++) {
        const res = await gw.app.inject({ method: 'GET', url: '/api/catalog/ping', headers });
        expect(res.statusCode).toBe(200);
      }
      expect((await gw.app.inject({ method: 'GET', url: '/api/catalog/ping' })).statusCode).toBe(200);
      expect(received).toHaveLength(6);
      for (const r of received) {
        for (const name of Object.keys(headers))
          if (name !== 'connection') expect(r.headers[name]).toBeUndefined();
      }
    },
  );

  it('an upload over 1 MB sent with Expect: 100-continue (as curl sends it) reaches the service whole', async () => {
    received.length = 0;
    const body = Buffer.alloc(1_300_000, 7);
    const res = await postExpectingContinue(`${address}/api/catalog/upload`, body, {
      'content-type': 'application/octet-stream',
    });
    expect(res).toMatchObject({ status: 200, continued: true });
    expect(JSON.parse(res.body)).toEqual({ bytes: body.length });
    expect(received[0]!.headers.expect).toBeUndefined();
  });
});
