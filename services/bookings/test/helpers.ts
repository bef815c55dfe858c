import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestEnv, TestTokenIssuer } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { ProductChanged } from '@rian/proto-contracts/catalog';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

/** A clock the test moves by hand (signed-URL expiry and the slip sweep are computed from it). */
export class TestClock {
  constructor(public at: Date) {}
  readonly now = (): Date => this.at;
}

export const tempDir = () => mkdtemp(join(tmpdir(), 'rian-booking-slips-'));

export async function startBookings(
  env: TestEnv,
  issuer: TestTokenIssuer,
  opts: { clock?: TestClock; env?: Record<string, string> } = {},
): Promise<ServiceApp> {
  const slipDir = opts.env?.BOOKINGS_SLIP_DIR ?? (await tempDir());
  const app = await buildApp(
    readConfig(env.envFor('bookings', { PORT: '0', BOOKINGS_SLIP_DIR: slipDir, ...opts.env })),
    { tokenKeys: issuer.keys, ...(opts.clock ? { clock: opts.clock.now } : {}) },
  );
  await app.ready();
  return app;
}

/** `catalog.product.changed` as catalog writes it. */
export function productChanged(extra: Partial<EventData<typeof ProductChanged>> = {}) {
  const productId = extra.productId ?? uuidv7();
  return buildEvent(
    ProductChanged,
    {
      productId,
      url: `product-${productId.slice(-6)}`,
      title: 'Forex Workshop',
      price: 150_000,
      disable: 'N',
      book: 'N',
      coinPay: 'N',
      coursesId: null,
      hasLineToken: false,
      hasTelegramToken: false,
      changedAt: new Date().toISOString(),
      ...extra,
    },
    { source: 'catalog' },
  );
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A product in bookings' read model, as catalog's event would leave it. */
export async function addProduct(app: ServiceApp, title = 'Price Action Workshop'): Promise<string> {
  const id = uuidv7();
  await app.kit.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into products (product_id, title, book, courses_id, disable, deleted, changed_at, event_id)
       values (?, ?, 'N', null, 'N', false, now(), ?)`,
      [id, title, uuidv7()],
    );
  return id;
}

// Bangkok (10) › Pathum Wan (1027) › Lumphini (1027003, zip 10330)
export const LUMPHINI = { address: '1 ถนนวิทยุ', provinceId: 10, districtId: 1027, subDistrictId: 1027003 };

export const bookingBody = (key: string, email: string, extra: Record<string, unknown> = {}) => ({
  key,
  name: 'สมหญิง',
  lname: 'ใจดี',
  email,
  tel: '0812345678',
  ...LUMPHINI,
  ...extra,
});

/** A real 1 × 1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart body of fields and files, in the order given. */
export function multipartBody(parts: ({ name: string; value: string } | { name: string; file: Buffer; filename: string; type: string })[]) {
  const boundary = `----rian${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
      );
      chunks.push(p.file, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
