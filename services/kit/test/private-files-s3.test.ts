import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3PrivateFileStore, openPrivateFiles } from '../src/private-files.js';
import { FakeS3 } from '../src/testing-fake-s3.js';

const settings = (endpoint: string, bucket = 'private') => ({
  PRIVATE_S3_BUCKET: bucket,
  PRIVATE_S3_ENDPOINT: endpoint,
  PRIVATE_S3_REGION: 'us-east-1',
  PRIVATE_S3_FORCE_PATH_STYLE: true,
  PRIVATE_S3_ACCESS_KEY_ID: 'k',
  PRIVATE_S3_SECRET_ACCESS_KEY: 's',
});

describe('private files in a bucket', () => {
  const s3 = new FakeS3();
  let endpoint = '';
  beforeAll(async () => {
    endpoint = await s3.start();
  });
  afterAll(async () => s3.stop());

  it('a file name that is not <uuid>.<png|jpg|gif> is refused before any request', async () => {
    const store = new S3PrivateFileStore(settings(endpoint), 'bookings/slips/');
    for (const name of ['../../etc/passwd', 'a.png', `${'0'.repeat(36)}.svg`, `${'0'.repeat(36)}.png/..`]) {
      await expect(store.put(name, Buffer.from('x'))).rejects.toThrow(/not a private file name/);
      await expect(store.open(name)).rejects.toThrow(/not a private file name/);
    }
    expect(s3.requests).toEqual([]);
    store.close();
  });

  it('put, open and remove under the service prefix; a missing file is undefined', async () => {
    const store = openPrivateFiles(settings(endpoint), '/nonexistent', 'bookings/slips/');
    expect(store.backend).toBe('s3');
    const name = '01900000-0000-7000-8000-000000000001.jpg';
    await store.put(name, Buffer.from('jpeg-bytes'));
    expect(s3.objects.get(`/private/bookings/slips/${name}`)?.contentType).toBe('image/jpeg');
    const file = await store.open(name);
    expect(file?.bytes).toBe(10);
    await store.remove(name);
    expect(await store.open(name)).toBeUndefined();
  });

  it('without a bucket: the local folder', () => {
    expect(openPrivateFiles(settings(endpoint, ''), '/tmp/x', 'p/').backend).toBe('local');
  });
});
