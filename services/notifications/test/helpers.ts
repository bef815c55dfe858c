import { BodyServer } from '@rian/kit/testing-body-server';
import { TestSmtpServer, type ReceivedMail } from '@rian/kit/testing-smtp';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { BusNames, ensureStream } from '@rian/kit/nats';
import { durableName } from '@rian/kit/consumer';
import type { TestEnv } from '@rian/kit/testing';
import { buildEvent, type Envelope, type EventData } from '@rian/proto-contracts/envelope';
import { EmailCodeRequested } from '@rian/proto-contracts/auth';

export { TestSmtpServer, type ReceivedMail };

export type EmailCodeData = EventData<typeof EmailCodeRequested>;

/** An `auth.email.code-requested` envelope, built the way auth's outbox builds it. */
export function emailCodeEvent(data: Partial<EmailCodeData> & { email: string }): Envelope<EmailCodeData> {
  return buildEvent(
    EmailCodeRequested,
    { code: '4821', purpose: 'register', locale: 'th', expiresInSeconds: 600, ...data },
    { source: 'auth' },
  );
}

/** Publishes to JetStream as auth's relay would (into the AUTH stream of the test's namespace). */
export class AuthBus {
  private constructor(
    readonly nc: NatsConnection,
    readonly names: BusNames,
  ) {}

  static async open(env: TestEnv): Promise<AuthBus> {
    const nc = await connect({ servers: env.envFor('notifications').NATS_URL });
    const names = new BusNames(env.namespace);
    await ensureStream(nc, names, 'auth');
    return new AuthBus(nc, names);
  }

  /** `msgId` defaults to the event id (publish dedup); give another to deliver the same event twice. */
  async publish(event: Envelope, msgId: string = event.id): Promise<number> {
    const ack = await jetstream(this.nc).publish(this.names.subject(event.type), JSON.stringify(event), {
      msgID: msgId,
    });
    return ack.seq;
  }

  /** Stream sequence up to which notifications' consumer of `type` has acked everything. */
  async ackedUpTo(type: string): Promise<number> {
    const jsm = await jetstreamManager(this.nc);
    const info = await jsm.consumers
      .info(this.names.stream('auth'), durableName('notifications', type))
      .catch(() => undefined);
    return info?.ack_floor.stream_seq ?? 0;
  }

  /** Every event of `type` that `owner` has published in this namespace. */
  async published(owner: string, type: string): Promise<Envelope[]> {
    const jsm = await jetstreamManager(this.nc);
    const stream = this.names.stream(owner);
    const info = await jsm.streams.info(stream).catch(() => undefined);
    if (!info) return [];
    const out: Envelope[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const m = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (m && m.subject === this.names.subject(type)) out.push(m.json<Envelope>());
    }
    return out;
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}

export interface ChatRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** the JSON body, or a multipart body's text fields */
  body: Record<string, unknown>;
  /** a multipart upload's `photo` (Telegram sendPhoto) */
  photo?: { bytes: Buffer; type: string; name: string };
}

/**
 * A local stand-in for api.line.me and api.telegram.org: records the push requests as the real
 * APIs receive them (LINE: POST /v2/bot/message/push, Bearer token; Telegram: POST
 * /bot<token>/sendMessage, or /bot<token>/sendPhoto as multipart with the photo) and answers 200
 * like they do.
 */
export class FakeChatServer {
  readonly requests: ChatRequest[] = [];
  private readonly http = new BodyServer(async (req, raw) => {
    const type = req.headers['content-type'] ?? '';
    const entry: ChatRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body: {},
    };
    if (type.startsWith('multipart/form-data')) {
      // parsed as the real API would: fields and one file
      const form = await new Request('http://fake.test/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: raw,
      }).formData();
      for (const [k, v] of form) {
        if (typeof v === 'string') entry.body[k] = v;
        else entry.photo = { bytes: Buffer.from(await v.arrayBuffer()), type: v.type, name: v.name };
      }
    } else if (raw.length) {
      entry.body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    }
    this.requests.push(entry);
    return {
      headers: { 'content-type': 'application/json' },
      body: req.url?.startsWith('/bot') ? '{"ok":true,"result":{}}' : '{}',
    };
  });

  get url(): string {
    return this.http.url;
  }

  async start(): Promise<void> {
    await this.http.start();
  }

  async stop(): Promise<void> {
    await this.http.stop();
  }
}
