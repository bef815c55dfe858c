import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import { FakeS3 } from '@rian/kit/testing-fake-s3';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { OrderPaymentsView } from '@rian/proto-contracts/payments';
import { bearer, orderCreated, removeDir, slipForm, slipImage, startPayments, tempDir } from '../helpers.js';

/**
 * Slips in an S3-compatible bucket (PRIVATE_S3_*), as replicas on several nodes keep them: the upload
 * lands under `payments/slips/` in the bucket (signed, private, never cached) and nothing on the
 * local disk; the signed link reads it back; a slip missing from the bucket is a 404, not a crash.
 */
describe('slips in a bucket', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let dir: string;
  const s3 = new FakeS3();

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    const endpoint = await s3.start();
    app = await startPayments(env, issuer, {
      env: {
        PAYMENTS_SLIP_DIR: dir,
        PRIVATE_S3_BUCKET: 'rian-private',
        PRIVATE_S3_ENDPOINT: endpoint,
        PRIVATE_S3_ACCESS_KEY_ID: 'minio',
        PRIVATE_S3_SECRET_ACCESS_KEY: 'minio-secret',
      },
    });
    bus = await TestBus.open(env, 'orders');
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await s3.stop();
    await env?.cleanup();
    await removeDir(dir);
  });

  it('the upload goes to the bucket, private; the signed link serves it; a lost object is a 404', async () => {
    const userId = uuidv7();
    const ev = orderCreated(userId);
    await bus.deliver(ev, 'payments');
    const token = await issuer.member(userId);
    const form = await slipForm(await slipImage('png'), undefined, 'slip.png');
    const res = await app.inject({
      method: 'POST',
      url: `/payments/${ev.data.orderId}/slip`,
      headers: { ...form.headers, ...bearer(token) },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const slip = res.json<OrderPaymentsView>().attempts[0]!.slips[0]!;

    const key = `/rian-private/payments/slips/${slip.id}.png`;
    const stored = s3.objects.get(key);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.cacheControl).toBe('private, no-store');
    expect((await sharp(stored!.body).metadata()).format).toBe('png');
    expect(s3.requests.find((r) => r.method === 'PUT')?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=minio\//,
    );
    // nothing kept on this machine's disk
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(dir).catch(() => [])).toEqual([]);

    const path = slip.url.replace('/api/payments', '');
    const image = await app.inject({ method: 'GET', url: path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(stored!.body)).toBe(true);

    s3.objects.delete(key);
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });
});
