import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { eventually, freePort, newNamespace, TestTokenIssuer } from '@rian/kit/testing';
import { BusNames } from '@rian/kit/nats';
import { publishLive } from '@rian/kit/live';
import {
  liveCommentsTopic,
  type LiveBusMessage,
  type LiveComment,
  type LiveCommentReplay,
} from '@rian/proto-contracts/learning-live';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { PROBLEM, standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';
import { SseClient } from './sse-client.js';

const NATS = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * Learning as the gateway sees it for one stream: the record of its comments (gapless seqs, hidden
 * ones, the pinned one), the replay route with its access check (only the tokens let in), and the
 * publish on core NATS that learning does after each commit — which a test may skip (a lost
 * message) or reorder.
 */
class FakeLearning {
  readonly streamId = uuidv7();
  readonly comments: LiveComment[] = [];
  readonly hidden = new Set<number>();
  readonly allowed = new Set<string>();
  replays = 0;
  /** runs inside a replay request before it is answered (a comment committed meanwhile) */
  duringReplay: (() => Promise<void> | void) | undefined;
  server!: StandIn;

  constructor(
    private readonly nc: NatsConnection,
    private names: BusNames,
  ) {}

  async start(): Promise<void> {
    this.server = await standIn((app) => {
      app.get<{ Params: { id: string }; Querystring: { after?: string; limit?: string } }>(
        '/member/live/:id/comments',
        async (req, reply) => {
          this.replays++;
          if (req.params.id !== this.streamId || !this.allowed.has(req.headers.authorization ?? ''))
            return reply
              .status(404)
              .type(PROBLEM)
              .send({ status: 404, code: 'learning.live_stream_not_found', title: 'not found', type: 'x' });
          const limit = Number(req.query.limit ?? 50);
          const visible = this.comments.filter((c) => !this.hidden.has(c.seq));
          let items: LiveComment[];
          let more = false;
          // what the real one does: read the rows, then (another request) a commit may land
          if (req.query.after !== undefined) {
            const after = Number(req.query.after);
            const rest = visible.filter((c) => c.seq > after);
            items = rest.slice(0, limit);
            more = rest.length > limit;
          } else items = visible.slice(-limit);
          const lastSeq = this.comments.length;
          const answer: LiveCommentReplay = {
            items,
            more,
            lastSeq,
            hidden: [...this.hidden].sort((a, b) => a - b),
            pinned: null,
            stream: {
              id: this.streamId,
              name: 's',
              detail: null,
              kind: 'stream',
              live: 'Y',
              liveSince: null,
            },
          };
          await this.duringReplay?.();
          return answer;
        },
      );
    });
  }

  /** A comment committed (the next seq); published unless `publish` is false (a lost message). */
  post(text: string, opts: { publish?: boolean } = {}): LiveComment {
    const c: LiveComment = {
      seq: this.comments.length + 1,
      streamId: this.streamId,
      kind: 'comment',
      courseId: null,
      sessionId: null,
      author: { kind: 'member', name: 'สมาชิก' },
      text,
      call: null,
      streamTime: null,
      broadcastId: null,
      createdAt: new Date().toISOString(),
    };
    this.comments.push(c);
    if (opts.publish !== false) this.publish({ type: 'comment', comment: c });
    return c;
  }

  publish(m: LiveBusMessage): void {
    publishLive(this.nc, this.names, liveCommentsTopic(this.streamId), m);
  }

  hide(seq: number): void {
    this.hidden.add(seq);
    this.publish({ type: 'hidden', hidden: { streamId: this.streamId, seq } });
  }
}

const texts = (c: SseClient) =>
  c.events.filter((e) => e.event === 'comment').map((e) => (e.data as LiveComment).text);

describe('GET /api/live/streams/:streamId (live comments over server-sent events)', () => {
  let issuer: TestTokenIssuer;
  let nc: NatsConnection;
  let learning: FakeLearning;
  let gw: TestGateway;
  let base: string;
  const namespace = newNamespace('gwlive');
  const open: SseClient[] = [];
  let member: string;

  const startGw = async (extra: Record<string, string> = {}) => {
    const g = await startGateway(
      {
        GATEWAY_SERVICES: 'learning',
        LEARNING_URL: learning.server.url,
        NATS_URL: NATS,
        RIAN_NAMESPACE: namespace,
        LIVE_HEARTBEAT_MS: '200',
        LIVE_GAP_WAIT_MS: '150',
        ...extra,
      },
      { tokenKeys: issuer.keys },
    );
    const port = await freePort();
    await g.app.listen({ host: '127.0.0.1', port });
    return { g, base: `http://127.0.0.1:${port}` };
  };
  const client = async (token: string | undefined, lastEventId?: number, at = base) => {
    const c = await SseClient.open(`${at}/api/live/streams/${learning.streamId}`, token, lastEventId);
    open.push(c);
    return c;
  };
  /** a client whose live subscription is up (the gateway's `status` says it hears NATS) */
  const liveClient = async (token: string, lastEventId?: number, at = base) => {
    const c = await client(token, lastEventId, at);
    expect(c.res.status).toBe(200);
    await eventually(() => (c.of('status').at(-1) as { fanout: boolean } | undefined)?.fanout === true);
    return c;
  };
  const allow = async () => {
    const token = await issuer.member(uuidv7());
    learning.allowed.add(`Bearer ${token}`);
    return token;
  };

  beforeAll(async () => {
    issuer = await TestTokenIssuer.create();
    nc = await connect({ servers: NATS });
    learning = new FakeLearning(nc, new BusNames(namespace));
    await learning.start();
    ({ g: gw, base } = await startGw());
    member = await allow();
  });

  afterEach(() => {
    for (const c of open.splice(0)) c.close();
    learning.duringReplay = undefined;
  });

  afterAll(async () => {
    await gw?.close();
    await learning?.server.close();
    await nc?.close();
  });

  it('no token → 401; a member learning does not let in → its 404 problem, passed on', async () => {
    const none = await client(undefined);
    expect(none.res.status).toBe(401);
    expect(((await none.res.json()) as { code: string }).code).toBe('auth.unauthenticated');
    const stranger = await client(await issuer.member(uuidv7()));
    expect(stranger.res.status).toBe(404);
    expect(stranger.res.headers.get('content-type')).toContain(PROBLEM);
    expect(((await stranger.res.json()) as { code: string }).code).toBe('learning.live_stream_not_found');
  });

  it('two members: the latest comments at connect, then each new one once, in order, with its seq as id; a hide reaches both', async () => {
    learning.post('ก่อนเชื่อมต่อ');
    const a = await liveClient(member);
    const b = await liveClient(await allow());
    expect(a.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const before = learning.comments.length;
    expect(texts(a).at(-1)).toBe('ก่อนเชื่อมต่อ');
    learning.post('หนึ่ง');
    learning.post('สอง');
    await eventually(() => a.ids().at(-1) === before + 2 && b.ids().at(-1) === before + 2);
    for (const c of [a, b]) {
      expect(c.ids()).toEqual([...new Set(c.ids())].sort((x, y) => x - y));
      expect(texts(c).slice(-2)).toEqual(['หนึ่ง', 'สอง']);
    }
    learning.hide(before + 1);
    await eventually(() =>
      [a, b].every((c) => c.of('hidden').some((h) => (h as { seq: number }).seq === before + 1)),
    );
    await eventually(() => a.heartbeats >= 1);
  });

  it('staff (the comments dialog of /admin/liveStreaming): a staff token connects like a member, learning deciding; hidden and pinned reach it', async () => {
    const token = await issuer.staff();
    // learning's replay answers staff for every stream (its test); here the fake lets the token in
    learning.allowed.add(`Bearer ${token}`);
    const s = await liveClient(token, learning.comments.length);
    const c = learning.post('ถึงทีมงานด้วย');
    await eventually(() => s.lastId() === c.seq);
    learning.hide(c.seq);
    learning.publish({ type: 'pinned', pinned: { streamId: learning.streamId, comment: null } });
    await eventually(
      () => s.of('hidden').some((h) => (h as { seq: number }).seq === c.seq) && s.of('pinned').length >= 2,
    );
  });

  it('a comment published out of order waits for the one before it; a lost one is read from learning: no loss, no double', async () => {
    const a = await liveClient(member);
    const start = learning.comments.length;
    // seq n+2 is published before n+1
    const first = learning.post('ช้า', { publish: false });
    learning.post('เร็ว');
    learning.publish({ type: 'comment', comment: first });
    await eventually(() => a.lastId() === start + 2);
    // n+3 is never published (NATS lost it); n+4 is: the gateway fills the hole from learning
    learning.post('หาย', { publish: false });
    learning.post('มาถึง');
    await eventually(() => a.lastId() === start + 4, 5_000);
    expect(a.ids().filter((id) => id > start)).toEqual([start + 1, start + 2, start + 3, start + 4]);
    expect(texts(a).slice(-4)).toEqual(['ช้า', 'เร็ว', 'หาย', 'มาถึง']);
  });

  it('a comment committed while the connect replay is under way arrives once', async () => {
    const start = learning.comments.length;
    learning.duringReplay = () => {
      learning.duringReplay = undefined;
      // committed and published after the replay read its rows, before its answer is sent
      learning.post('ระหว่างเล่นซ้ำ');
    };
    const a = await liveClient(member);
    learning.post('หลังจากนั้น');
    await eventually(() => a.lastId() === start + 2);
    expect(a.ids().filter((id) => id > start)).toEqual([start + 1, start + 2]);

    // committed before the replay read its rows, its message late: in the replay and on the bus
    const before = learning.comments.length;
    const late = learning.post('ทั้งสองทาง', { publish: false });
    const b = await liveClient(member, before);
    await eventually(() => b.lastId() === before + 1);
    learning.publish({ type: 'comment', comment: late });
    learning.post('ต่อมา');
    await eventually(() => b.lastId() === before + 2);
    expect(b.ids()).toEqual([before + 1, before + 2]);
  });

  it('after a reconnect with Last-Event-ID: the missed comments once, the hidden ones of the gap, then live ones — across a gateway restart too', async () => {
    const a = await liveClient(member);
    learning.post('ก่อนหลุด');
    await eventually(() => a.lastId() === learning.comments.length);
    const last = a.lastId()!;
    a.close();

    // the gateway restarts; comments are posted (and published, heard by nobody) meanwhile
    await gw.app.close();
    learning.post('ระหว่างรีสตาร์ต 1');
    learning.post('ระหว่างรีสตาร์ต 2');
    learning.hide(last);
    ({ g: gw, base } = await startGw());

    const again = await liveClient(member, last);
    await eventually(() => again.lastId() === last + 2);
    expect(again.ids()).toEqual([last + 1, last + 2]);
    expect(texts(again)).toEqual(['ระหว่างรีสตาร์ต 1', 'ระหว่างรีสตาร์ต 2']);
    expect(again.of('hidden')).toContainEqual({ streamId: learning.streamId, seq: last });
    learning.post('หลังรีสตาร์ต');
    await eventually(() => again.lastId() === last + 3);
    expect(again.ids()).toEqual([last + 1, last + 2, last + 3]);
  });

  it('caps the open streams per process (503 with Retry-After)', async () => {
    const { g, base: at } = await startGw({ LIVE_STREAM_MAX_CONNECTIONS: '2' });
    try {
      const first = await client(member, undefined, at);
      const second = await client(member, undefined, at);
      expect([first.res.status, second.res.status]).toEqual([200, 200]);
      const over = await client(member, undefined, at);
      expect(over.res.status).toBe(503);
      expect(over.res.headers.get('retry-after')).toBe('30');
    } finally {
      for (const c of open.splice(0)) c.close();
      await g.app.close();
    }
  });
});
