import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { ProblemError } from '@rian/kit/errors';
import type { OrderView } from '@rian/proto-contracts/orders';
import { Order, type OrderEntity } from '../../entities/order.js';
import { OrderDetail, type OrderDetailEntity } from '../../entities/order-detail.js';
import { OrderTransfer, type OrderTransferEntity } from '../../entities/order-transfer.js';
import { SellableProduct } from '../../entities/sellable-product.js';
import { Coupon } from '../../entities/coupon.js';

/**
 * Orders as the member (and staff) read them: each with its details, its instalments, the product's
 * title and the coupon's code. Checkout answers with the same view of the order it placed.
 */
export async function orderViews(em: EntityManager, orders: OrderEntity[]): Promise<OrderView[]> {
  if (!orders.length) return [];
  const ids = orders.map((o) => o.id);
  const details = await em.find(OrderDetail, { orderId: { $in: ids } }, { orderBy: { id: 'asc' } });
  const transfers = await em.find(OrderTransfer, { orderId: { $in: ids } }, { orderBy: { period: 'asc' } });
  const productIds = [...new Set(details.map((d) => d.productId))];
  // the title as the read model knows it now; a product catalog deleted has none (null)
  const products = productIds.length
    ? await em.find(SellableProduct, { productId: { $in: productIds } }, { fields: ['productId', 'title'] })
    : [];
  const titles = new Map(products.map((p) => [p.productId, p.title]));
  const couponIds = [...new Set(orders.flatMap((o) => (o.couponId ? [o.couponId] : [])))];
  const coupons = couponIds.length
    ? await em.find(Coupon, { id: { $in: couponIds } }, { fields: ['id', 'code'] })
    : [];
  const codes = new Map(coupons.map((c) => [c.id, c.code]));
  // one product per order today (checkout sells one): the first detail names it, as in the back office
  const productOf = (orderId: string) => details.find((d) => d.orderId === orderId)?.productId;
  return orders.map((o) =>
    orderView(o, {
      details: details.filter((d) => d.orderId === o.id),
      transfers: transfers.filter((t) => t.orderId === o.id),
      productTitle: titles.get(productOf(o.id) ?? '') ?? null,
      couponCode: (o.couponId && codes.get(o.couponId)) || null,
    }),
  );
}

/**
 * One order as its buyer and staff see it, from the rows of it at hand (`orderViews` reads them;
 * checkout has just written them and answers without reading them back).
 */
export function orderView(
  o: OrderEntity,
  a: {
    details: OrderDetailEntity[];
    transfers: OrderTransferEntity[];
    productTitle: string | null;
    couponCode: string | null;
  },
): OrderView {
  const { details, transfers } = a;
  return {
    id: o.id,
    orderNo: o.orderNo,
    reference: o.reference,
    userId: o.userId,
    status: o.status,
    paymentType: o.paymentType as OrderView['paymentType'],
    total: o.total,
    discount: o.discount,
    vat: o.vat,
    fee: o.fee,
    withholding: o.withholding,
    net: o.net,
    receipt: o.receipt,
    receiptType: o.receiptType,
    couponId: o.couponId ?? null,
    couponCode: a.couponCode,
    productTitle: a.productTitle,
    receiptInfo: o.receiptInfo ?? null,
    invite: o.invite ?? null,
    details: details.map((d) => ({
      productId: d.productId,
      priceId: d.priceId,
      couponId: d.couponId ?? null,
      price: d.price,
      discount: d.discount,
      net: d.net,
      coin: d.coin,
    })),
    installments: transfers.map((t) => ({
      period: t.period,
      dueDate: t.dueDate,
      amount: t.amount,
      status: t.status,
    })),
    createdAt: o.createdAt.toISOString(),
  };
}

/** The member's orders and one order to its owner or staff. */
export class OrderReads {
  constructor(private readonly kit: Kit) {}

  /** The member's own orders, newest first. */
  async mine(userId: string, page: number, pageSize: number) {
    const em = this.kit.orm.em.fork();
    const [rows, total] = await em.findAndCount(
      Order,
      { userId },
      { orderBy: { createdAt: 'desc', orderNo: 'desc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { items: await orderViews(em, rows), page, pageSize, total };
  }

  /** One order, to its owner or to staff; to anyone else it does not exist. */
  async one(principal: Principal, id: string): Promise<OrderView> {
    const em = this.kit.orm.em.fork();
    const order = await em.findOne(Order, { id });
    if (!order || (principal.kind !== 'staff' && order.userId !== principal.sub)) {
      throw new ProblemError('orders.order_not_found');
    }
    return (await orderViews(em, [order]))[0]!;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    orderReads: OrderReads;
  }
}

export default fp(
  async (app) => {
    app.decorate('orderReads', new OrderReads(app.kit));
  },
  { name: 'order-reads' },
);
