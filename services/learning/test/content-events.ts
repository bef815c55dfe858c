import { eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import {
  buildEvent,
  validateEvent,
  type Envelope,
  type EventContract,
  type EventData,
} from '@rian/proto-contracts/envelope';
import { ProductCoursesChanged } from '@rian/proto-contracts/catalog-commerce';
import { InstructorChanged, InstructorDeleted } from '@rian/proto-contracts/catalog-content';
import { FileStored } from '@rian/proto-contracts/media';
import { VideoAssetChanged } from '@rian/proto-contracts/media-assets';
import { uuidv7 } from '@rian/proto-contracts/uuid';

/** Other services' events learning's content read models are fed from, built (and checked) as their contracts say. */

export function instructorChanged(id: string, extra: Partial<EventData<typeof InstructorChanged>> = {}) {
  const at = extra.updatedAt ?? new Date().toISOString();
  return buildEvent(
    InstructorChanged,
    {
      id,
      name: 'อ.สมชาย',
      detail: null,
      content: null,
      img: 'somchai.webp',
      item: 1,
      position: null,
      facebook: null,
      twitter: null,
      youtube: null,
      pinterest: null,
      linkedin: null,
      hide: 'N',
      featuredMonths: [],
      createdBy: null,
      createdAt: at,
      updatedAt: at,
      ...extra,
    },
    { source: 'catalog' },
  );
}

export function instructorDeleted(id: string, deletedAt = new Date().toISOString()) {
  return buildEvent(InstructorDeleted, { id, deletedAt }, { source: 'catalog' });
}

export function fileStored(extra: Partial<EventData<typeof FileStored>> = {}) {
  return buildEvent(
    FileStored,
    {
      fileId: uuidv7(),
      kind: 'document',
      visibility: 'private',
      filename: 'บทที่-1.pdf',
      contentType: 'application/pdf',
      bytes: 20_480,
      width: null,
      height: null,
      sha256: 'a'.repeat(64),
      createdBy: 'staff-1',
      storedAt: new Date().toISOString(),
      ...extra,
    },
    { source: 'media' },
  );
}

export function videoAssetChanged(assetId: string, extra: Partial<EventData<typeof VideoAssetChanged>> = {}) {
  return buildEvent(
    VideoAssetChanged,
    {
      assetId,
      status: 'transcoding',
      progress: 40,
      originalName: 'lesson-1.mp4',
      bytes: 5_000_000,
      durationSeconds: null,
      playlist: null,
      poster: null,
      error: null,
      createdBy: 'staff-1',
      changedAt: new Date().toISOString(),
      ...extra,
    },
    { source: 'media' },
  );
}

export function productCoursesChanged(productId: string, courseIds: string[], revision = 1) {
  return buildEvent(
    ProductCoursesChanged,
    { productId, courseIds, revision, changedAt: new Date().toISOString() },
    { source: 'catalog' },
  );
}

/**
 * The events of `contract` learning published that `match`, once there are `atLeast`; each checked
 * against the contract.
 */
export async function learningEvents<C extends EventContract>(
  env: TestEnv,
  contract: C,
  match: (data: EventData<C>) => boolean,
  atLeast = 1,
): Promise<Envelope<EventData<C>>[]> {
  const found = await eventually(async () => {
    const all = await publishedEvents<EventData<C>>(env.namespace, 'learning', contract.type);
    const mine = all.filter((e) => match(e.data));
    return mine.length >= atLeast ? mine : undefined;
  });
  for (const e of found) validateEvent(contract, e);
  return found;
}
