import type { TestEnv, TestTokenIssuer } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

export async function startLearning(
  env: TestEnv,
  issuer: TestTokenIssuer,
  extra: Record<string, string> = {},
): Promise<ServiceApp> {
  const app = await buildApp(readConfig(env.envFor('learning', { PORT: '0', ...extra })), {
    tokenKeys: issuer.keys,
  });
  await app.ready();
  return app;
}

let orderNo = 5000;

/** `orders.order.paid` as orders writes it: a bank-transfer order paid at once. */
export function orderPaid(
  userId: string,
  courseIds: string[],
  extra: Partial<EventData<typeof OrderPaid>> = {},
) {
  const no = ++orderNo;
  return buildEvent(
    OrderPaid,
    {
      orderId: uuidv7(),
      orderNo: no,
      reference: `SPSK${String(no).padStart(10, '0')}`,
      userId,
      productId: uuidv7(),
      courseIds,
      net: 150_000,
      paymentType: 4,
      paidAt: '2026-04-16T02:30:00.000Z',
      period: null,
      ...extra,
    },
    { source: 'orders' },
  );
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
