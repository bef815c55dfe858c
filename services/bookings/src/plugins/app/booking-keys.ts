import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import { containsPattern, found, FOR_UPDATE, paged, sortOrder, window, write, type Paged } from '@rian/kit/staff-crud';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type {
  BookingKeyBody,
  BookingKeyPatch,
  BookingKeysQuery,
  BookingKeyView,
} from '@rian/proto-contracts/bookings';
import { BookingKey, type BookingKeyEntity } from '../../entities/booking-key.js';
import { Product, type ProductEntity } from '../../entities/product.js';
import { generateKeyCode, normaliseKeyCode } from '../../domain/key-code.js';
import { keyView } from '../../domain/views.js';

/** A key that takes bookings, with its product. */
export interface ActiveKey {
  key: BookingKeyEntity;
  product: ProductEntity;
}

/** Booking keys: staff list, add and change them; the form looks them up by code. */
export class BookingKeys {
  constructor(
    private readonly kit: Kit,
    private readonly defaultLimit: number,
    private readonly clock: () => Date,
  ) {}

  /** Bookings made with each key. */
  async counts(em: EntityManager, keyIds: string[]): Promise<Map<string, number>> {
    if (!keyIds.length) return new Map();
    const rows = (await em.execute(
      `select key_id, count(*)::int as n from bookings where key_id in (${keyIds.map(() => '?').join(',')}) group by key_id`,
      keyIds,
    )) as { key_id: string; n: number }[];
    return new Map(rows.map((r) => [r.key_id, r.n]));
  }

  private async views(em: EntityManager, keys: BookingKeyEntity[]): Promise<BookingKeyView[]> {
    const counts = await this.counts(
      em,
      keys.map((k) => k.id),
    );
    const products = await em.find(Product, { id: { $in: [...new Set(keys.map((k) => k.productId))] } });
    const titles = new Map(products.map((p) => [p.id, p.title]));
    return keys.map((k) => keyView(k, titles.get(k.productId) ?? '', counts.get(k.id) ?? 0));
  }

  async list(q: BookingKeysQuery): Promise<Paged<BookingKeyView>> {
    const em = this.kit.orm.em.fork();
    const where: Record<string, unknown> = {};
    if (q.productId) where.productId = q.productId;
    const text = q.q?.trim();
    if (text) where.code = { $ilike: containsPattern(text) };
    const { field, direction } = sortOrder(q.sort);
    const [rows, total] = await em.findAndCount(BookingKey, where as FilterQuery<BookingKeyEntity>, {
      orderBy: [{ [field]: direction }, { id: direction }],
      ...window(q),
    });
    return paged(await this.views(em, rows), total, q);
  }

  async byId(id: string): Promise<BookingKeyView> {
    const em = this.kit.orm.em.fork();
    const key = found(await em.findOne(BookingKey, { id }), 'bookings.key_unknown');
    return (await this.views(em, [key]))[0]!;
  }

  /** A product bookings knows and that is not deleted, or 400 `bookings.product_unknown`. */
  private async knownProduct(em: EntityManager, productId: string): Promise<ProductEntity> {
    const product = await em.findOne(Product, { id: productId });
    if (!product || product.deleted) throw new ProblemError('bookings.product_unknown');
    return product;
  }

  /**
   * A new key: the code given (upper-cased) or a generated one (tried again on the rare clash), the
   * limit given or BOOKINGS_KEY_LIMIT. A code taken already → 409 `bookings.key_exists`.
   */
  async create(body: BookingKeyBody, createdBy: string | null): Promise<BookingKeyView> {
    for (let attempt = 0; ; attempt++) {
      const code = body.code ? normaliseKeyCode(body.code) : generateKeyCode();
      try {
        const id = await write({ kit: this.kit }, async (em) => {
          await this.knownProduct(em, body.productId);
          return this.insert(em, { code, productId: body.productId, limit: body.limit ?? this.defaultLimit, active: body.active ?? 'Y' }, createdBy).id;
        }, { booking_keys_code_unique: 'bookings.key_exists' });
        return this.byId(id);
      } catch (err) {
        const clash = err instanceof ProblemError && err.code === 'bookings.key_exists';
        if (!clash || body.code || attempt >= 4) throw err;
      }
    }
  }

  insert(
    em: EntityManager,
    f: { code: string; productId: string; limit: number; active: 'Y' | 'N' },
    createdBy: string | null,
  ): BookingKeyEntity {
    const now = this.clock();
    return em.create(BookingKey, { id: uuidv7(), ...f, createdBy, createdAt: now, updatedAt: now });
  }

  async patch(id: string, body: BookingKeyPatch): Promise<BookingKeyView> {
    await write({ kit: this.kit }, async (em) => {
      const key = found(await em.findOne(BookingKey, { id }, FOR_UPDATE), 'bookings.key_unknown');
      if (body.limit !== undefined) key.limit = body.limit;
      if (body.active !== undefined) key.active = body.active;
      key.updatedAt = this.clock();
    });
    return this.byId(id);
  }

  /**
   * The key with this code (any case) when it takes bookings: active, and its product known and not
   * deleted; otherwise undefined (the caller answers 404 `bookings.key_unknown`).
   */
  async findActive(em: EntityManager, code: string, lock = false): Promise<ActiveKey | undefined> {
    const key = await em.findOne(BookingKey, { code: normaliseKeyCode(code) }, lock ? FOR_UPDATE : {});
    if (!key || key.active !== 'Y') return undefined;
    const product = await em.findOne(Product, { id: key.productId });
    if (!product || product.deleted) return undefined;
    return { key, product };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    bookingKeys: BookingKeys;
  }
}

export default fp<{ defaultLimit: number; clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('bookingKeys', new BookingKeys(app.kit, opts.defaultLimit, opts.clock ?? (() => new Date())));
  },
  { name: 'booking-keys' },
);
