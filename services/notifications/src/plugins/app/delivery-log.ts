import { raw, type FilterQuery, type InferEntity } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { Locale } from '@rian/proto-contracts/enums';
import type { Delivery as DeliveryView, DeliveryListQuery } from '@rian/proto-contracts/notifications';
import type { Static } from '@sinclair/typebox';
import { Delivery, type DeliveryChannel, type DeliveryStatus } from '../../entities/delivery.js';
import type { RenderedEmail } from '../../domain/templates.js';

type DeliveryRow = InferEntity<typeof Delivery>;
export type DeliveryListFilter = Static<typeof DeliveryListQuery>;

export interface NewDelivery {
  channel: DeliveryChannel;
  to: string;
  template: string;
  locale: Locale;
  message: RenderedEmail;
  /** the event that asked for it: one delivery per event and template */
  eventId?: string;
  /** recorded as `skipped` with this reason instead of pending (e.g. a chat channel with no token) */
  skipped?: string;
  /** a chat message's picture (chat_images.id) */
  imageId?: string;
}

/**
 * Records a delivery as pending in the caller's transaction; the sender picks it up after commit.
 * Returns false when this event already produced a delivery with this template (nothing written).
 */
export async function enqueueDelivery(em: EntityManager, d: NewDelivery): Promise<boolean> {
  const now = new Date();
  const res = await em
    .createQueryBuilder(Delivery)
    .insert({
      id: uuidv7(),
      channel: d.channel,
      to: d.to,
      template: d.template,
      locale: d.locale,
      subject: d.message.subject,
      text: d.message.text,
      html: d.message.html || null,
      status: d.skipped ? 'skipped' : 'pending',
      error: d.skipped ?? null,
      attempts: 0,
      eventId: d.eventId ?? null,
      imageId: d.imageId ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .onConflict(['eventId', 'template'])
    .ignore()
    .execute('run');
  return res.affectedRows > 0;
}

export function toDeliveryView(d: DeliveryRow): DeliveryView {
  return {
    id: d.id,
    channel: d.channel,
    to: d.to,
    template: d.template,
    locale: d.locale,
    subject: d.subject,
    text: d.text,
    status: d.status,
    attempts: d.attempts,
    error: d.error ?? null,
    eventId: d.eventId ?? null,
    createdAt: d.createdAt.toISOString(),
    sentAt: d.sentAt ? d.sentAt.toISOString() : null,
    resentCount: d.resentCount ?? 0,
    resentAt: d.resentAt ? d.resentAt.toISOString() : null,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The delivery log as staff read it. */
export class DeliveryLog {
  constructor(private readonly orm: MikroORM) {}

  async list(
    q: DeliveryListFilter,
  ): Promise<{ items: DeliveryView[]; page: number; pageSize: number; total: number }> {
    const where: FilterQuery<DeliveryRow> = {};
    // a whole name, or a prefix ending in '.' (a family of mails: `orders.`, `staff-chat.`)
    if (q.template)
      where.template = q.template.endsWith('.') ? { $like: `${escapeLike(q.template)}%` } : q.template;
    if (q.status) where.status = q.status as DeliveryStatus;
    // an address is the same mailbox whatever its case
    if (q.to) Object.assign(where, { [raw((alias) => `lower(${alias}."to")`)]: q.to.toLowerCase() });
    const [rows, total] = await this.orm.em.fork().findAndCount(Delivery, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { items: rows.map(toDeliveryView), page: q.page, pageSize: q.pageSize, total };
  }

  /**
   * Staff send a failed delivery again: the same row goes back to pending with a fresh budget of
   * tries (the sender picks it up on its next pass). Only from `failed`, in one conditional update, so
   * two clicks (or two staff) resend it once; anything else is 409 and nothing changes.
   */
  async resend(id: string, staffId: string): Promise<DeliveryView> {
    const em = this.orm.em.fork();
    const now = new Date();
    const changed = await em.nativeUpdate(
      Delivery,
      { id, status: 'failed' },
      {
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        resentCount: raw('resent_count + 1'),
        resentAt: now,
        resentBy: staffId,
      },
    );
    if (changed === 0) {
      const exists = await em.count(Delivery, { id });
      throw new ProblemError(
        exists ? 'notifications.delivery_not_failed' : 'notifications.delivery_not_found',
      );
    }
    return this.get(id);
  }

  async get(id: string): Promise<DeliveryView> {
    const row = await this.orm.em.fork().findOne(Delivery, { id });
    if (!row) throw new ProblemError('notifications.delivery_not_found');
    return toDeliveryView(row);
  }
}
