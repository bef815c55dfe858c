import fp from 'fastify-plugin';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import { FOR_UPDATE } from '@rian/kit/staff-crud';
import { DecodeSlots } from '@rian/kit/decode-slots';
import { openPrivateFiles, type PrivateFiles } from '@rian/kit/private-files';
import { linkValid, signLink } from '@rian/kit/signed-link';
import { IMAGE_CONTENT_TYPE, IMAGE_EXTENSION } from '@rian/kit/image-content';
import { checkedSlipImage } from '@rian/kit/slip-image';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { BookingSlipUploaded } from '@rian/proto-contracts/bookings';
import { BookingSlip } from '../../entities/booking-slip.js';
import type { Config } from '../../config.js';

/** bound into the signed links: a link made for something else never opens a slip */
const LINK_PURPOSE = 'booking-slip';
/** the public path of a slip's image (routes/booking-form) */
export const SLIP_IMAGE_PATH = '/bookings/slip-images';
/** unclaimed slips removed per upload (the on-write sweep) */
const SWEEP_BATCH = 20;

/**
 * Transfer slips of the booking form, kept privately by bookings (kit private-files, as payments
 * keeps its own): checked by content (png, gif or jpeg by their bytes, never by name or declared
 * type), width × height read from the header before any decode, decoded in a few slots per process,
 * re-encoded without metadata. A slip belongs to the key it was sent with; a booking claims it, and
 * one nobody claimed within BOOKINGS_SLIP_UNCLAIMED_SECONDS is removed (swept on each upload).
 * Staff read it at a short-lived signed link.
 */
export class BookingSlips {
  readonly store: PrivateFiles;
  readonly decodes: DecodeSlots;

  constructor(
    private readonly kit: Kit,
    private readonly config: Config,
    private readonly clock: () => Date,
  ) {
    this.store = openPrivateFiles(config, config.BOOKINGS_SLIP_DIR, 'bookings/slips/');
    this.decodes = new DecodeSlots(
      config.BOOKINGS_SLIP_DECODES,
      config.BOOKINGS_SLIP_DECODE_QUEUE,
      config.BOOKINGS_SLIP_DECODE_WAIT_MS,
      'bookings.slip_busy',
    );
  }

  /** A slip image for the key `keyId` (already checked), stored privately; answers its id and file name. */
  async keep(keyId: string, file: Buffer): Promise<BookingSlipUploaded> {
    const { format, image } = await checkedSlipImage(file, {
      decodes: this.decodes,
      maxDimension: this.config.BOOKINGS_SLIP_MAX_DIMENSION,
      maxPixels: this.config.BOOKINGS_SLIP_MAX_PIXELS,
      typeError: 'bookings.slip_type',
    });
    await this.sweep();
    const id = uuidv7();
    const fileName = `${id}.${IMAGE_EXTENSION[format]}`;
    // bytes first: a crash before the commit leaves an unlisted file, never a row without an image
    await this.store.put(fileName, image.data);
    try {
      await this.kit.orm.em.fork().transactional(async (em) => {
        em.create(BookingSlip, {
          id,
          keyId,
          fileName,
          contentType: IMAGE_CONTENT_TYPE[format],
          bytes: image.data.length,
          bookingId: null,
          createdAt: this.clock(),
        });
      });
    } catch (err) {
      await this.store.remove(fileName).catch(() => undefined);
      throw err;
    }
    return { id, filename: fileName };
  }

  /** Removes slips nobody claimed within BOOKINGS_SLIP_UNCLAIMED_SECONDS (a batch at a time). */
  async sweep(): Promise<number> {
    const before = new Date(this.clock().getTime() - this.config.BOOKINGS_SLIP_UNCLAIMED_SECONDS * 1000);
    const em = this.kit.orm.em.fork();
    const stale = await em.transactional(async (tx) => {
      const rows = await tx.find(
        BookingSlip,
        { bookingId: null, createdAt: { $lt: before } },
        {
          limit: SWEEP_BATCH,
          lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE /* skip locked: two sweeps never wait on each other */,
        },
      );
      for (const r of rows) tx.remove(r);
      return rows.map((r) => r.fileName);
    });
    for (const name of stale) await this.store.remove(name).catch(() => undefined);
    return stale.length;
  }

  /** In the booking's transaction: the unclaimed slip of this key, now the booking's; else 404 `bookings.slip_not_found`. */
  async claim(em: EntityManager, slipId: string, keyId: string, bookingId: string): Promise<void> {
    const slip = await em.findOne(BookingSlip, { id: slipId }, FOR_UPDATE);
    if (!slip || slip.bookingId || slip.keyId !== keyId) throw new ProblemError('bookings.slip_not_found');
    slip.bookingId = bookingId;
  }

  /** A signed address of a slip's image, for staff. */
  link(slipId: string): { url: string; urlExpiresAt: string } {
    const { url, expiresAt } = signLink(this.config.BOOKINGS_PUBLIC_URL, SLIP_IMAGE_PATH, slipId, {
      secret: this.config.BOOKINGS_URL_SECRET,
      purpose: LINK_PURPOSE,
      ttlSeconds: this.config.BOOKINGS_URL_TTL_SECONDS,
      now: this.clock(),
    });
    return { url, urlExpiresAt: expiresAt.toISOString() };
  }

  /** A slip's image, when `exp` and `sig` make a valid, unexpired link for it; else 403 `bookings.link_invalid`. */
  async image(slipId: string, exp: number, sig: string) {
    const valid = linkValid(slipId, exp, sig, {
      secret: this.config.BOOKINGS_URL_SECRET,
      purpose: LINK_PURPOSE,
      now: this.clock(),
    });
    if (!valid) throw new ProblemError('bookings.link_invalid');
    const slip = await this.kit.orm.em.fork().findOne(BookingSlip, { id: slipId });
    const file = slip ? await this.store.open(slip.fileName) : undefined;
    if (!slip || !file) throw new ProblemError('bookings.slip_not_found');
    return { ...file, contentType: slip.contentType };
  }

  /** After a booking and its slip row are gone: the file. */
  async removeFile(slipId: string, em: EntityManager): Promise<string | undefined> {
    const slip = await em.findOne(BookingSlip, { id: slipId });
    if (!slip) return undefined;
    em.remove(slip);
    return slip.fileName;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    bookingSlips: BookingSlips;
  }
}

export default fp<{ config: Config; clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('bookingSlips', new BookingSlips(app.kit, opts.config, opts.clock ?? (() => new Date())));
  },
  { name: 'booking-slips' },
);
