import type { TestEnv, TestTokenIssuer } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { OrderCreated, OrderPaid } from '@rian/proto-contracts/orders';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

export async function startInsights(env: TestEnv, issuer: TestTokenIssuer): Promise<ServiceApp> {
  const app = await buildApp(readConfig(env.envFor('insights', { PORT: '0' })), { tokenKeys: issuer.keys });
  await app.ready();
  return app;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `orders.order.created` and `orders.order.paid` of one order, as orders writes them. */
export function order(opts: {
  productId: string;
  total: number;
  discount: number;
  couponId?: string | null;
  paymentType?: 1 | 4;
  createdAt: string;
  paidAt: string;
  productTitle?: string;
  membershipCode?: EventData<typeof OrderPaid>['membershipCode'];
}) {
  const orderId = uuidv7();
  const net = opts.total - opts.discount;
  const common = {
    orderId,
    orderNo: 1,
    reference: `R-${orderId.slice(-6)}`,
    userId: uuidv7(),
    productId: opts.productId,
  };
  const created = buildEvent(
    OrderCreated,
    {
      ...common,
      priceId: uuidv7(),
      couponId: opts.couponId ?? null,
      paymentType: opts.paymentType ?? 4,
      total: opts.total,
      discount: opts.discount,
      vat: 0,
      fee: 0,
      withholding: 0,
      net,
      receiptType: 'none',
      schedule: [],
      createdAt: opts.createdAt,
    },
    { source: 'orders' },
  );
  const paid = buildEvent(
    OrderPaid,
    {
      ...common,
      courseIds: [],
      net,
      paymentType: opts.paymentType ?? 4,
      paidAt: opts.paidAt,
      period: null,
      ...(opts.productTitle ? { productTitle: opts.productTitle } : {}),
      ...(opts.membershipCode ? { membershipCode: opts.membershipCode } : {}),
    },
    { source: 'orders' },
  );
  return { orderId, created, paid };
}
