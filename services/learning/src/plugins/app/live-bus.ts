import { publishLive } from '@rian/kit/live';
import type { Kit } from '@rian/kit/service';
import { liveCommentsTopic, type LiveBusMessage } from '@rian/proto-contracts/learning-live';

/**
 * Tells every gateway what just changed on a stream, over core NATS `<ns>.live.<streamId>.comments`
 * (kit/live.ts): after the commit, never inside it. A message lost here (NATS away) is found again
 * from the record: the gateway sees the gap in the stream's seq, or replays after its reconnect.
 */
export function publishToStream(kit: Kit, streamId: string, message: LiveBusMessage): void {
  if (!publishLive(kit.nats(), kit.names, liveCommentsTopic(streamId), message))
    kit.logger.warn({ streamId, type: message.type }, 'live message not published (NATS away)');
}
