import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { Envelope } from '@rian/proto-contracts/envelope';
import { durableName } from './consumer.js';
import { BusNames, ensureStream } from './nats.js';
import { eventually, type TestEnv } from './testing.js';

/**
 * Publishes a producer's events the way its outbox relay does — into the namespaced stream of
 * `owner`, `Nats-Msg-Id` = event id — with the producer not running, and waits until a consuming
 * service has acked them (applied or skipped), so "nothing changed" can be checked after the fact.
 */
export class TestBus {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly names: BusNames,
    private readonly owner: string,
  ) {}

  static async open(env: TestEnv, owner: string): Promise<TestBus> {
    const nc = await connect({ servers: env.envFor(owner).NATS_URL });
    const names = new BusNames(env.namespace);
    await ensureStream(nc, names, owner);
    return new TestBus(nc, names, owner);
  }

  /** `msgId` defaults to the event id (publish dedup); give another to deliver the same event twice. */
  async publish(event: Envelope, msgId: string = event.id): Promise<number> {
    const ack = await jetstream(this.nc).publish(this.names.subject(event.type), JSON.stringify(event), {
      msgID: msgId,
    });
    return ack.seq;
  }

  /** Publishes and waits until `consumer`'s durable consumer of that subject has acked it. */
  async deliver(event: Envelope, consumer: string, msgId?: string): Promise<void> {
    const seq = await this.publish(event, msgId);
    await eventually(async () => (await this.ackedUpTo(consumer, event.type)) >= seq, 15_000);
  }

  async ackedUpTo(consumer: string, type: string): Promise<number> {
    const jsm = await jetstreamManager(this.nc);
    const info = await jsm.consumers
      .info(this.names.stream(this.owner), durableName(consumer, type))
      .catch(() => undefined);
    return info?.ack_floor.stream_seq ?? 0;
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}
