import fp from 'fastify-plugin';
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import type { FieldError } from '@rian/proto-contracts/errors';
import { sealText, secretKeyFrom } from '@rian/kit/secret-box';
import { checkPlace, type PlaceLookup } from '@rian/kit/thai-places';
import {
  containsPattern,
  found,
  FOR_UPDATE,
  paged,
  sortOrder,
  window,
  type Paged,
} from '@rian/kit/staff-crud';
import { csvDocument } from '@rian/kit/csv';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  BOOKING_UPDATE_EXCLUDED,
  BookingConfirmed,
  BookingCreated,
  BookingDeleted,
  BookingMailRequested,
  BookingUnconfirmed,
  type BookingBody,
  type BookingReceipt,
  type BookingsQuery,
  type BookingStaffRow,
  type BookingUpdateBody,
  type KeyCheckBody,
  type KeyCheckView,
} from '@rian/proto-contracts/bookings';
import { Booking, type BookingEntity } from '../../entities/booking.js';
import { Product } from '../../entities/product.js';
import { keyCheckResult } from '../../domain/key-check.js';
import {
  BOOKING_CONFIRM_TRANSITIONS,
  BOOKING_STATUS_TRANSITIONS,
  nextStatus,
} from '../../domain/status-transitions.js';
import { prefill, receipt, staffRow, TEL_PURPOSE } from '../../domain/views.js';
import { bookingsCsvRow, BOOKINGS_CSV_HEADER } from '../../domain/bookings-csv.js';
import type { Config } from '../../config.js';
import type { BookingKeys } from './booking-keys.js';
import type { BookingSlips } from './booking-slips.js';
import type { ClientLimits } from './client-limits.js';

/** The signed-in member a public request carries, if any (staff on the public form count as nobody). */
export const memberOf = (p: Principal | undefined): string | null => (p?.kind === 'user' ? p.sub : null);

interface Deps {
  kit: Kit;
  config: Config;
  keys: BookingKeys;
  slips: BookingSlips;
  limits: ClientLimits;
  places: PlaceLookup;
  clock: () => Date;
}

/** The booking form (key check, booking) and staff's side of bookings (/admin/userCourseBooking). */
export class Bookings {
  private readonly sealKey: Buffer;

  constructor(private readonly d: Deps) {
    this.sealKey = secretKeyFrom(d.config.BOOKINGS_SECRET_KEY, 'BOOKINGS_SECRET_KEY');
  }

  private get kit() {
    return this.d.kit;
  }

  /** The active key with this code, counting a miss against the IP when there is none (→ 404). */
  private async activeKey(em: EntityManager, code: string, ip: string, lock = false) {
    const active = await this.d.keys.findActive(em, code, lock);
    if (!active) {
      await this.d.limits.miss(ip);
      throw new ProblemError('bookings.key_unknown');
    }
    return active;
  }

  /** The key a slip is sent with (counted and checked like a key check); 404 when it takes no bookings. */
  async slipKey(code: string, ip: string) {
    return this.activeKey(this.kit.orm.em.fork(), code, ip);
  }

  /** Whether this person (e-mail, or member) has a booking with the key. */
  private async usedBy(em: EntityManager, keyId: string, email: string | undefined, userId: string | null) {
    const or: FilterQuery<BookingEntity>[] = [];
    if (email) or.push({ keyId, email: { $ilike: email.trim().replace(/[\\%_]/g, (c) => `\\${c}`) } });
    if (userId) or.push({ keyId, userId });
    if (!or.length) return false;
    return (await em.count(Booking, { $or: or })) > 0;
  }

  /**
   * POST /bookings/key-check (spec 02 §4–§5): exactly one of success / limit / used, the key's count
   * and limit, its product, and — for a signed-in member only — the latest booking's details to
   * fill the form (never for an e-mail alone: that would hand anyone's phone and address out).
   */
  async keyCheck(body: KeyCheckBody, principal: Principal | undefined, ip: string): Promise<KeyCheckView> {
    await this.d.limits.admit(ip);
    const em = this.kit.orm.em.fork();
    const { key, product } = await this.activeKey(em, body.key, ip);
    const userId = memberOf(principal);
    const total = await em.count(Booking, { keyId: key.id });
    const used = await this.usedBy(em, key.id, body.email, userId);
    const latest = userId
      ? await em.findOne(Booking, { userId }, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
      : null;
    return {
      result: keyCheckResult({ total, limit: key.limit, used }),
      total,
      limit: key.limit,
      product: { id: product.id, title: product.title },
      prefill: latest ? prefill(latest, this.sealKey) : null,
    };
  }

  /** The fields of a booking that pass the rules (texts trimmed, the place from the Thai lists). */
  private checkedFields(body: BookingBody) {
    const problems: FieldError[] = [];
    const name = body.name.trim();
    const lname = body.lname.trim();
    const address = body.address.trim();
    if (!name) problems.push(fieldError('name', 'validation.required'));
    if (!lname) problems.push(fieldError('lname', 'validation.required'));
    if (!address) problems.push(fieldError('address', 'validation.required'));
    const place = checkPlace(body, this.d.places);
    if (!place.ok) problems.push(...place.problems.map((p) => fieldError(p.field, p.code)));
    if (problems.length || !place.ok) throw validationProblem(problems);
    return { name, lname, address, ...place.place, note: body.note?.trim() || null };
  }

  /**
   * POST /bookings: in one transaction the key's row is locked (`select … for update`), so bookings
   * with one key queue up and each sees the count the one before left: at the limit → 409
   * `bookings.key_limit`; this e-mail or member already booked with it → 409 `bookings.key_used`
   * (the unique indexes on (key, lower(email)) and (key, user) are the last line); the slip, when
   * given, is claimed (unknown, claimed or another key's → 404 `bookings.slip_not_found`). The
   * booking starts new, confirm N, quantity 1, its phone sealed; `bookings.booking.created` goes
   * out through the outbox.
   */
  async create(body: BookingBody, principal: Principal | undefined, ip: string): Promise<BookingReceipt> {
    await this.d.limits.admit(ip);
    const fields = this.checkedFields(body);
    const userId = memberOf(principal);
    try {
      return await this.kit.orm.em.fork().transactional(async (em) => {
        const { key, product } = await this.activeKey(em, body.key, ip, true);
        const total = await em.count(Booking, { keyId: key.id });
        if (total >= key.limit) throw new ProblemError('bookings.key_limit');
        if (await this.usedBy(em, key.id, body.email, userId)) throw new ProblemError('bookings.key_used');
        const id = uuidv7();
        if (body.slip) await this.d.slips.claim(em, body.slip.id, key.id, id);
        const now = this.d.clock();
        const booking = em.create(Booking, {
          id,
          keyId: key.id,
          keyCode: key.code,
          productId: product.id,
          userId,
          ...fields,
          email: body.email.trim(),
          telSealed: sealText(body.tel, this.sealKey, TEL_PURPOSE),
          slipId: body.slip?.id ?? null,
          amount: body.slip?.amount ?? null,
          paymentDate: body.slip?.paymentDate ?? null,
          paymentTime: body.slip?.paymentTime ?? null,
          quantity: 1,
          status: 'new',
          confirm: 'N',
          createdAt: now,
          updatedAt: now,
        });
        this.kit.outbox.add(em, BookingCreated, {
          bookingId: id,
          productId: product.id,
          productTitle: product.title,
          userId,
          email: booking.email,
          name: booking.name,
          lname: booking.lname,
          key: key.code,
          hasSlip: booking.slipId != null,
          amount: booking.amount ?? null,
          createdAt: now.toISOString(),
        });
        await em.flush();
        return receipt(booking, product.title);
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        const constraint = (err as { constraint?: string }).constraint;
        if (constraint === 'bookings_key_email' || constraint === 'bookings_key_user') {
          throw new ProblemError('bookings.key_used');
        }
        if (constraint === 'bookings_slip') throw new ProblemError('bookings.slip_not_found');
      }
      throw err;
    }
  }

  // ---------- staff ----------

  private async titles(em: EntityManager, productIds: string[]): Promise<Map<string, string>> {
    const products = await em.find(Product, { id: { $in: [...new Set(productIds)] } });
    return new Map(products.map((p) => [p.id, p.title]));
  }

  private async rows(em: EntityManager, bookings: BookingEntity[]): Promise<BookingStaffRow[]> {
    const titles = await this.titles(
      em,
      bookings.map((b) => b.productId),
    );
    return bookings.map((b) => staffRow(b, titles.get(b.productId) ?? '', this.sealKey));
  }

  private filter(
    q: Pick<BookingsQuery, 'productId' | 'status' | 'confirm' | 'q'>,
  ): FilterQuery<BookingEntity> {
    const and: FilterQuery<BookingEntity>[] = [];
    if (q.productId) and.push({ productId: q.productId });
    if (q.status) and.push({ status: q.status });
    if (q.confirm) and.push({ confirm: q.confirm });
    const text = q.q?.trim();
    if (text) {
      const like = containsPattern(text);
      and.push({
        $or: [
          { name: { $ilike: like } },
          { lname: { $ilike: like } },
          { email: { $ilike: like } },
          { keyCode: { $ilike: like } },
        ],
      });
    }
    return and.length ? { $and: and } : {};
  }

  async list(q: BookingsQuery): Promise<Paged<BookingStaffRow>> {
    const em = this.kit.orm.em.fork();
    const { field, direction } = sortOrder(q.sort);
    const [rows, total] = await em.findAndCount(Booking, this.filter(q), {
      orderBy: [{ [field]: direction }, { id: direction }],
      ...window(q),
    });
    return paged(await this.rows(em, rows), total, q);
  }

  async byId(id: string): Promise<BookingStaffRow> {
    const em = this.kit.orm.em.fork();
    return (await this.rows(em, [found(await em.findOne(Booking, { id }), 'bookings.not_found')]))[0]!;
  }

  /**
   * POST Update (spec 02 §5): any field of BOOKING_UPDATE_EXCLUDED present → 400
   * `bookings.field_not_editable` before anything is read or written. The place is checked again
   * when any part of it changes; status and confirm move through the transition tables (confirm
   * N → Y sends `bookings.booking.confirmed`, as a bulk confirm does; Y → N sends
   * `bookings.booking.unconfirmed`); the service sets updatedAt.
   */
  async update(id: string, body: BookingUpdateBody, staffId: string): Promise<BookingStaffRow> {
    const excluded = BOOKING_UPDATE_EXCLUDED.filter((f) => f in body);
    if (excluded.length) {
      throw new ProblemError('bookings.field_not_editable', {
        errors: excluded.map((f) => fieldError(f, 'bookings.field_not_editable')),
      });
    }
    await this.kit.orm.em
      .fork()
      .transactional(async (em) => {
        const b = found(await em.findOne(Booking, { id }, FOR_UPDATE), 'bookings.not_found');
        const problems: FieldError[] = [];
        const text = (field: 'name' | 'lname' | 'address', v: string | undefined) => {
          if (v === undefined) return;
          const t = v.trim();
          if (!t) problems.push(fieldError(field, 'validation.required'));
          else b[field] = t;
        };
        text('name', body.name);
        text('lname', body.lname);
        text('address', body.address);
        if (body.email !== undefined) b.email = body.email.trim();
        if (body.tel !== undefined) b.telSealed = sealText(body.tel, this.sealKey, TEL_PURPOSE);
        if (body.note !== undefined) b.note = body.note?.trim() || null;
        if (body.quantity !== undefined) b.quantity = body.quantity;
        const placeChanged = ['provinceId', 'districtId', 'subDistrictId', 'zip'].some(
          (f) => (body as Record<string, unknown>)[f] !== undefined,
        );
        if (placeChanged) {
          const place = checkPlace(
            {
              provinceId: body.provinceId ?? b.provinceId,
              districtId: body.districtId ?? b.districtId,
              subDistrictId: body.subDistrictId ?? b.subDistrictId,
              zip: body.zip ?? null,
            },
            this.d.places,
          );
          if (!place.ok) problems.push(...place.problems.map((p) => fieldError(p.field, p.code)));
          else Object.assign(b, place.place);
        }
        if (problems.length) throw validationProblem(problems);
        if (body.status) b.status = nextStatus('status', BOOKING_STATUS_TRANSITIONS, b.status, body.status);
        if (body.confirm) {
          const was = b.confirm;
          b.confirm = nextStatus('confirm', BOOKING_CONFIRM_TRANSITIONS, b.confirm, body.confirm);
          if (was === 'N' && b.confirm === 'Y') await this.confirmed(em, b, staffId);
          if (was === 'Y' && b.confirm === 'N') await this.unconfirmed(em, b, staffId);
        }
        b.updatedAt = this.d.clock();
        // a changed e-mail may meet another booking of the key: the unique index says so
      })
      .catch((err: unknown) => {
        if (err instanceof UniqueConstraintViolationException) throw new ProblemError('bookings.key_used');
        throw err;
      });
    return this.byId(id);
  }

  private async confirmed(em: EntityManager, b: BookingEntity, staffId: string): Promise<void> {
    const product = await em.findOne(Product, { id: b.productId });
    this.kit.outbox.add(em, BookingConfirmed, {
      ...this.person(b, product?.title ?? ''),
      confirmedBy: staffId,
      confirmedAt: this.d.clock().toISOString(),
    });
  }

  private async unconfirmed(em: EntityManager, b: BookingEntity, staffId: string): Promise<void> {
    const product = await em.findOne(Product, { id: b.productId });
    this.kit.outbox.add(em, BookingUnconfirmed, {
      ...this.person(b, product?.title ?? ''),
      unconfirmedBy: staffId,
      unconfirmedAt: this.d.clock().toISOString(),
    });
  }

  private person(b: BookingEntity, productTitle: string) {
    return {
      bookingId: b.id,
      productId: b.productId,
      productTitle,
      userId: b.userId ?? null,
      email: b.email,
      name: b.name,
      lname: b.lname,
    };
  }

  /** Deletes a booking; its slip (row and file) goes with it; `bookings.booking.deleted` tells readers. */
  async remove(id: string, staffId: string): Promise<void> {
    const file = await this.kit.orm.em.fork().transactional(async (em) => {
      const b = found(await em.findOne(Booking, { id }, FOR_UPDATE), 'bookings.not_found');
      const product = await em.findOne(Product, { id: b.productId });
      this.kit.outbox.add(em, BookingDeleted, {
        ...this.person(b, product?.title ?? ''),
        deletedBy: staffId,
        deletedAt: this.d.clock().toISOString(),
      });
      em.remove(b);
      await em.flush();
      return b.slipId ? this.d.slips.removeFile(b.slipId, em) : undefined;
    });
    if (file) await this.d.slips.store.remove(file).catch(() => undefined);
  }

  /** All of `ids` locked, or 404 `bookings.not_found` naming the missing ones (nothing changes). */
  private async lockAll(em: EntityManager, ids: string[]): Promise<BookingEntity[]> {
    const rows = await em.find(Booking, { id: { $in: ids } }, { ...FOR_UPDATE, orderBy: { id: 'asc' } });
    if (rows.length !== ids.length) {
      const seen = new Set(rows.map((r) => r.id));
      throw new ProblemError('bookings.not_found', { extra: { missing: ids.filter((i) => !seen.has(i)) } });
    }
    return rows;
  }

  /** updateWaitAll: every booking to status wait, all or nothing; answers how many changed. */
  async bulkWait(ids: string[]): Promise<{ updated: number }> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      let updated = 0;
      const now = this.d.clock();
      for (const b of await this.lockAll(em, ids)) {
        if (b.status === 'wait') continue;
        b.status = nextStatus('status', BOOKING_STATUS_TRANSITIONS, b.status, 'wait');
        b.updatedAt = now;
        updated += 1;
      }
      return { updated };
    });
  }

  /** updataConfirmAllBooking: confirm Y, all or nothing; `bookings.booking.confirmed` once per booking that was N. */
  async bulkConfirm(ids: string[], staffId: string): Promise<{ updated: number }> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      let updated = 0;
      const now = this.d.clock();
      for (const b of await this.lockAll(em, ids)) {
        if (b.confirm === 'Y') continue;
        b.confirm = nextStatus('confirm', BOOKING_CONFIRM_TRANSITIONS, b.confirm, 'Y');
        b.updatedAt = now;
        await this.confirmed(em, b, staffId);
        updated += 1;
      }
      return { updated };
    });
  }

  /** sendMailById: `bookings.booking.mail-requested` (notifications sends the e-mail). */
  async requestMail(id: string, lang: 'th' | 'en', staffId: string): Promise<{ result: boolean }> {
    await this.kit.orm.em.fork().transactional(async (em) => {
      const b = found(await em.findOne(Booking, { id }), 'bookings.not_found');
      const product = await em.findOne(Product, { id: b.productId });
      this.kit.outbox.add(em, BookingMailRequested, {
        ...this.person(b, product?.title ?? ''),
        status: b.status,
        confirm: b.confirm,
        quantity: b.quantity,
        lang,
        requestedBy: staffId,
        requestedAt: this.d.clock().toISOString(),
      });
    });
    return { result: true };
  }

  /** The signed link of a booking's slip, for staff; 404 when it has none. */
  async slipLink(id: string): Promise<{ url: string; urlExpiresAt: string }> {
    const b = found(await this.kit.orm.em.fork().findOne(Booking, { id }), 'bookings.not_found');
    if (!b.slipId) throw new ProblemError('bookings.slip_not_found');
    return this.d.slips.link(b.slipId);
  }

  /** A product's bookings as CSV (oldest first), phones opened. */
  async csv(productId: string): Promise<string> {
    const em = this.kit.orm.em.fork();
    const rows = await em.find(Booking, { productId }, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return csvDocument(BOOKINGS_CSV_HEADER, (await this.rows(em, rows)).map(bookingsCsvRow));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    bookings: Bookings;
  }
}

export default fp<{ config: Config; limits: ClientLimits; clock?: () => Date }>(
  async (app, opts) => {
    app.decorate(
      'bookings',
      new Bookings({
        kit: app.kit,
        config: opts.config,
        keys: app.bookingKeys,
        slips: app.bookingSlips,
        limits: opts.limits,
        places: app.thaiPlaces,
        clock: opts.clock ?? (() => new Date()),
      }),
    );
  },
  { name: 'bookings', dependencies: ['booking-keys', 'booking-slips', 'thai-places'] },
);
