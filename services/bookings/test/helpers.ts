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
