import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { BusNames } from './nats.js';
import type { Logger } from './logger.js';

/**
 * Ephemeral fan-out over core NATS (ARCHITECTURE §4): no stream, no ack, no replay. A message
 * published while nobody listens, or while NATS is away, is gone — what it says must also be
 * readable from its owner (the record of truth), so a listener that missed one can ask again.
 * Subjects are `<ns>.live.<topic>` (BusNames.live).
 */

/**
 * Publishes `data` as JSON on the live subject of `topic`. Never throws: without a connection it
 * returns false and the message is dropped (during a reconnect the client buffers it and sends it
 * once the server is back).
 */
export function publishLive(
  nc: NatsConnection | undefined,
  names: BusNames,
  topic: string,
  data: unknown,
): boolean {
  if (!nc || nc.isClosed() || nc.isDraining()) return false;
  try {
    nc.publish(names.live(topic), JSON.stringify(data));
    return true;
  } catch {
    return false;
  }
}

/**
 * Calls `onMessage` with every JSON message on the live subject of `topic` (undecodable ones are
 * logged and dropped). The subscription survives reconnects; `unsubscribe()` ends it.
 */
export function subscribeLive<T = unknown>(
  nc: NatsConnection,
  names: BusNames,
  topic: string,
  onMessage: (data: T) => void,
  logger?: Logger,
): Subscription {
  return nc.subscribe(names.live(topic), {
    callback: (err, msg) => {
      if (err) {
        logger?.warn({ err, topic }, 'live subscription error');
        return;
      }
      let data: T;
      try {
        data = msg.json<T>();
      } catch (e) {
        logger?.warn({ err: e, topic }, 'undecodable live message dropped');
        return;
      }
      onMessage(data);
    },
  });
}
