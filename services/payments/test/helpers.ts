import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { freePort, type TestEnv, type TestTokenIssuer } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { OrderCreated } from '@rian/proto-contracts/orders';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { FakeProvider } from './fakes/provider.js';

/** A clock the test moves by hand (signed-URL expiry is computed from it). */
export class TestClock {
  constructor(public at: Date) {}
  readonly now = (): Date => this.at;
}

export async function startPayments(
  env: TestEnv,
  issuer: TestTokenIssuer,
  opts: { clock?: TestClock; env?: Record<string, string> } = {},
): Promise<ServiceApp> {
  const app = await buildApp(readConfig(env.envFor('payments', { PORT: '0', ...opts.env })), {
    tokenKeys: issuer.keys,
    ...(opts.clock ? { clock: opts.clock.now } : {}),
  });
  await app.ready();
  return app;
}

/**
 * Payments on a real port beside the provider simulator, each pointed at the other: the simulator's
 * signed notifications and returns reach payments, payments' provider calls reach the simulator.
 */
export async function startPaymentsWithProvider(
  env: TestEnv,
  issuer: TestTokenIssuer,
  extraEnv: Record<string, string> = {},
): Promise<{ app: ServiceApp; fake: FakeProvider; base: string }> {
  const fake = new FakeProvider();
  await fake.start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  fake.kbankNotifyUrl = `${base}/callbacks/kbank`;
  fake.kbankReturnUrl = `${base}/callbacks/kbank/return`;
  const app = await startPayments(env, issuer, {
    env: {
      PAYMENTS_CALLBACK_BASE_URL: base,
      PAYMENTS_CARD_FORM_URL: fake.cardFormUrl,
      PAYMENTS_KBANK_API_URL: fake.url,
      ...extraEnv,
    },
  });
  await app.listen({ host: '127.0.0.1', port });
  return { app, fake, base };
}

export const tempDir = () => mkdtemp(join(tmpdir(), 'rian-slips-'));
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

let orderNo = 1000;

/** `orders.order.created` as orders writes it: bank transfer (4) by default. */
export function orderCreated(userId: string, extra: Partial<EventData<typeof OrderCreated>> = {}) {
  const no = ++orderNo;
  return buildEvent(
    OrderCreated,
    {
      orderId: uuidv7(),
      orderNo: no,
      reference: `SPSK${String(no).padStart(10, '0')}`,
      userId,
      productId: uuidv7(),
      priceId: uuidv7(),
      couponId: null,
      paymentType: 4,
      total: 150_000,
      discount: 0,
      vat: 9_813,
      fee: 0,
      withholding: 0,
      net: 150_000,
      receiptType: 'none',
      schedule: [],
      createdAt: '2026-04-15T03:00:00.000Z',
      ...extra,
    },
    { source: 'orders' },
  );
}

export interface Part {
  field: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipart(
  parts: Part[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename === undefined && typeof p.data === 'string') form.append(p.field, p.data);
    else {
      const bytes = typeof p.data === 'string' ? new TextEncoder().encode(p.data) : new Uint8Array(p.data);
      form.append(p.field, new Blob([bytes], { type: p.type ?? 'application/octet-stream' }), p.filename);
    }
  }
  const req = new Request('http://payments.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

/** A small slip-like picture (random colour) in `format`, with EXIF to show it is dropped. */
export async function slipImage(format: 'png' | 'jpeg' | 'gif' | 'webp' = 'jpeg'): Promise<Buffer> {
  const c = () => Math.floor(Math.random() * 256);
  const img = sharp({
    create: { width: 40, height: 60, channels: 3, background: { r: c(), g: c(), b: c() } },
  }).withExif({ IFD0: { Make: 'SlipPhone', Copyright: 'secret-owner' } });
  return img.toFormat(format).toBuffer();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The slip upload body: a file in `slip` plus the date and time fields. */
export async function slipForm(
  file: Buffer | undefined,
  fields: { paymentDate?: string; paymentTime?: string } = {
    paymentDate: '2026-04-15',
    paymentTime: '14:05',
  },
  filename = 'slip.jpg',
) {
  const parts: Part[] = [];
  if (file) parts.push({ field: 'slip', filename, type: 'image/jpeg', data: file });
  if (fields.paymentDate !== undefined) parts.push({ field: 'paymentDate', data: fields.paymentDate });
  if (fields.paymentTime !== undefined) parts.push({ field: 'paymentTime', data: fields.paymentTime });
  return multipart(parts);
}
