import type { EntityManager } from '@rian/kit/db';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { LiveBroadcast } from '../../entities/live-broadcast.js';

/** A stream went live: its new broadcast, in the stream's transaction (its row locked). */
export function openBroadcast(em: EntityManager, streamId: string, now: Date, id: string = uuidv7()): string {
  em.create(LiveBroadcast, { id, streamId, startedAt: now, endedAt: null });
  return id;
}

/** The stream stopped: its open broadcast ends now. */
export async function closeBroadcast(
  em: EntityManager,
  broadcastId: string | null,
  now: Date,
): Promise<void> {
  if (!broadcastId) return;
  const b = await em.findOne(LiveBroadcast, { id: broadcastId });
  if (b && !b.endedAt) b.endedAt = now;
}
