import fp from 'fastify-plugin';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type { Logger } from '@rian/kit/logger';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import { openText, sealText } from '@rian/kit/secret-box';
import { addressLine, thaiPlacesPlugin, type PlaceLookup } from '@rian/kit/thai-places';
import {
  BookRequested,
  type BookAddressBody,
  type BookDeliveriesView,
  type BookDeliveryView,
} from '@rian/proto-contracts/bookings';
import type { EventData } from '@rian/proto-contracts/envelope';
import type { OrderPaid } from '@rian/proto-contracts/orders';
import type { BookDispatched } from '@rian/proto-contracts/orders-admin';
import { BookDelivery, type BookDeliveryEntity } from '../../entities/book-delivery.js';
import { checkBookAddress } from '../../domain/book-address.js';
import { DELIVERY_OPENED, nextDeliveryState } from '../../domain/book-delivery-states.js';

/** Binds a sealed delivery phone to its column: a value sealed for anything else does not open here. */
const BOOK_TEL = 'bookings:book-tel';

type PaidOrder = Pick<
  EventData<typeof OrderPaid>,
  'orderId' | 'orderNo' | 'userId' | 'productId' | 'courseIds' | 'paidAt'
> & { productTitle?: string | undefined };

/**
 * Serialises, per product, a paid order looking the product up and the product arriving: whichever
 * takes it second sees what the first committed, so a paid order is never left waiting for a product
 * that has already come (D97's race).
 */
async function lockProduct(em: EntityManager, productId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 17))`, [
    `bookings:product:${productId}`,
  ]);
}

async function openDelivery(em: EntityManager, o: PaidOrder, productTitle: string, now: Date): Promise<void> {
  await em.execute(
    `insert into book_deliveries
       (order_id, order_no, user_id, product_id, product_title, course_ids, state, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)
     on conflict (order_id) do nothing`,
    [
      o.orderId,
      o.orderNo,
      o.userId,
      o.productId,
      productTitle,
      JSON.stringify(o.courseIds),
      DELIVERY_OPENED,
      now,
      now,
    ] as never[],
  );
}

type ProductRow = { book: string; title: string; deleted: boolean };
const productOf = async (em: EntityManager, productId: string) =>
  (
    (await em.execute(`select book, title, deleted from products where product_id = ?`, [
      productId,
    ])) as ProductRow[]
  )[0];

/**
 * `orders.order.paid`: a product with a book opens a delivery request (address_needed). A product
 * bookings has not heard of yet keeps the paid order waiting (paid_orders_waiting); the request opens
 * when the product arrives with book Y. Once per order (the order id is the key).
 */
export async function openForPaidOrder(em: EntityManager, o: PaidOrder, logger: Logger): Promise<void> {
  await lockProduct(em, o.productId);
  const product = await productOf(em, o.productId);
  if (!product) {
    await em.execute(
      `insert into paid_orders_waiting (order_id, order_no, user_id, product_id, product_title, course_ids, paid_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?) on conflict (order_id) do nothing`,
      [
        o.orderId,
        o.orderNo,
        o.userId,
        o.productId,
        o.productTitle ?? null,
        JSON.stringify(o.courseIds),
        o.paidAt,
      ] as never[],
    );
    logger.info(
      { orderId: o.orderId, productId: o.productId },
      'paid order for a product not known yet: kept until it arrives',
    );
    return;
  }
  if (product.book !== 'Y') return;
  await openDelivery(em, o, product.title, new Date());
}

/**
 * A product arrived or changed (`catalog.product.changed`, after the read model took it): the paid
 * orders that were waiting for it open their requests if it has a book, and stop waiting either way.
 * Orders paid while the product was known without a book are not opened when it later switches to
 * book Y: what was sold is what the product was when it was paid (D97).
 */
export async function openWaitingForProduct(
  em: EntityManager,
  productId: string,
  logger: Logger,
): Promise<void> {
  await lockProduct(em, productId);
  const product = await productOf(em, productId);
  if (!product) return;
  const waiting = (await em.execute(
    `delete from paid_orders_waiting where product_id = ?
     returning order_id, order_no, user_id, product_id, product_title, course_ids, paid_at`,
    [productId],
  )) as Record<string, unknown>[];
  if (!waiting.length) return;
  logger.info(
    { productId, orders: waiting.length, book: product.book },
    'paid orders waiting for the product',
  );
  if (product.book !== 'Y') return;
  const now = new Date();
  for (const w of waiting) {
    await openDelivery(
      em,
      {
        orderId: String(w.order_id),
        orderNo: Number(w.order_no),
        userId: String(w.user_id),
        productId,
        courseIds: w.course_ids as string[],
        paidAt: String(w.paid_at),
      },
      product.title,
      now,
    );
  }
}

/**
 * `orders.book.dispatched`: orders' flag and tracking as staff set them, newest changedAt first;
 * the state follows the transition table (Y dispatched, C cancelled, N back to the address step).
 * An order with no request here (no book, or another member's) is ignored and logged.
 */
export async function applyDispatched(
  em: EntityManager,
  d: EventData<typeof BookDispatched>,
  logger: Logger,
): Promise<void> {
  const row = await em.findOne(
    BookDelivery,
    { orderId: d.orderId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!row) {
    // an order with no book (staff flag any order), or one whose request is not open yet
    logger.info(
      { orderId: d.orderId },
      'orders.book.dispatched for an order with no delivery request: ignored',
    );
    return;
  }
  if (row.userId !== d.userId) {
    logger.warn(
      { orderId: d.orderId },
      'orders.book.dispatched names another member than the request: ignored',
    );
    return;
  }
  const at = new Date(d.changedAt);
  if (row.dispatchChangedAt && row.dispatchChangedAt >= at) return;
  const next = nextDeliveryState(row.state, d.bookSend, row.telSealed !== null);
  if (!next) return;
  row.state = next;
  row.bookSend = d.bookSend;
  row.tracking = d.tracking;
  row.dispatchChangedAt = at;
  row.dispatchedAt = d.bookSend === 'Y' ? (row.dispatchedAt ?? at) : null;
  row.updatedAt = new Date();
  await em.flush();
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The member's book deliveries (spec 01 §2 book-delivery button and dialog). */
export class BookDeliveries {
  constructor(
    private readonly kit: Kit,
    private readonly places: PlaceLookup,
    private readonly key: Buffer,
    private readonly clock: () => Date,
  ) {}

  view(r: BookDeliveryEntity): BookDeliveryView {
    return {
      orderId: r.orderId,
      orderNo: r.orderNo,
      productId: r.productId,
      productTitle: r.productTitle,
      courseIds: r.courseIds,
      state: r.state,
      address:
        r.telSealed === null || r.telSealed === undefined
          ? null
          : {
              fullname: r.fullname ?? '',
              tel: openText(r.telSealed, this.key, BOOK_TEL),
              address: r.address ?? '',
              provinceId: r.provinceId ?? 0,
              provinceName: r.provinceName ?? '',
              districtId: r.districtId ?? 0,
              districtName: r.districtName ?? '',
              subDistrictId: r.subDistrictId ?? 0,
              subDistrictName: r.subDistrictName ?? '',
              zip: r.zip ?? '',
              note: r.note ?? null,
            },
      bookSend: r.bookSend,
      tracking: r.tracking ?? null,
      dispatchedAt: iso(r.dispatchedAt),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  /** The member's own requests, newest order first. */
  async mine(userId: string): Promise<BookDeliveriesView> {
    const rows = await this.kit.orm.em
      .fork()
      .find(BookDelivery, { userId }, { orderBy: { createdAt: 'desc', orderId: 'desc' } });
    return { items: rows.map((r) => this.view(r)) };
  }

  /**
   * Saves (or changes) the address of the member's own request: another's or none → 404; once sent
   * 409 `bookings.delivery_dispatched`, once cancelled 409 `bookings.delivery_cancelled`; a bad
   * address 400 naming each field. Each save tells orders (`bookings.book.requested`, outbox).
   */
  async save(userId: string, orderId: string, body: BookAddressBody): Promise<BookDeliveryView> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      const row = await em.findOne(BookDelivery, { orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row || row.userId !== userId) throw new ProblemError('bookings.delivery_not_found');
      const next = nextDeliveryState(row.state, 'address', row.telSealed !== null);
      if (!next) {
        throw new ProblemError(
          row.state === 'cancelled' ? 'bookings.delivery_cancelled' : 'bookings.delivery_dispatched',
        );
      }
      const check = checkBookAddress(body, this.places);
      if (!check.ok) throw validationProblem(check.problems.map((p) => fieldError(p.field, p.code)));
      const a = check.address;
      const now = this.clock();
      Object.assign(row, {
        state: next,
        fullname: a.fullname,
        telSealed: sealText(a.tel, this.key, BOOK_TEL),
        address: a.address,
        provinceId: a.provinceId,
        provinceName: a.provinceName,
        districtId: a.districtId,
        districtName: a.districtName,
        subDistrictId: a.subDistrictId,
        subDistrictName: a.subDistrictName,
        zip: a.zip,
        note: a.note,
        requestedAt: now,
        updatedAt: now,
      });
      this.kit.outbox.add(em, BookRequested, {
        orderId: row.orderId,
        userId: row.userId,
        productId: row.productId,
        fullname: a.fullname,
        tel: a.tel,
        addressText: addressLine(a.address, a),
        zip: a.zip,
        note: a.note,
        requestedAt: now.toISOString(),
      });
      await em.flush();
      return this.view(row);
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    bookDeliveries: BookDeliveries;
  }
}

export default fp<{ secretKey: Buffer; clock?: () => Date }>(
  async (app, opts) => {
    if (!app.hasDecorator('thaiPlaces')) await app.register(thaiPlacesPlugin);
    app.decorate(
      'bookDeliveries',
      new BookDeliveries(app.kit, app.thaiPlaces, opts.secretKey, opts.clock ?? (() => new Date())),
    );
  },
  { name: 'book-deliveries' },
);
