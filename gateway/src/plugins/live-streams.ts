import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ProblemError } from '@rian/kit/errors';
import { subscribeLive } from '@rian/kit/live';
import { BusNames, connectNats } from '@rian/kit/nats';
import { bearerToken, type Principal, type TokenVerifier } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import {
  LIVE_COMMENTS_MAX_PAGE,
  LIVE_SSE_EVENTS,
  liveCommentsTopic,
  type LiveBusMessage,
  type LiveComment,
  type LiveCommentReplay,
} from '@rian/proto-contracts/learning-live';
import { PROBLEM_CONTENT_TYPE } from '@rian/proto-contracts/errors';

export interface LiveStreamsOptions {
  /** gets a reader of the connected clients' count (metrics) */
  stats?: { clients?: () => number };
  natsUrl: string;
  namespace: string;
  tokens: TokenVerifier;
  /** learning's base URL: the replay (and with it the access check) is asked there */
  learningUrl: string;
  heartbeatMs: number;
  maxConnections: number;
  /** a learning call slower than this fails (the connect answers 503) */
  replayTimeoutMs: number;
  /** how long an out-of-order comment waits for the ones before it before the gap is read from learning */
  gapWaitMs: number;
  logger: Logger;
}

// NATS types through the kit (the gateway has no NATS client of its own to depend on)
type NatsConnection = Awaited<ReturnType<typeof connectNats>>;
type Subscription = ReturnType<typeof subscribeLive>;

/** The answer of learning that is not a replay: its status and problem, passed on as they are. */
class UpstreamRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`learning answered ${status}`);
  }
}

interface Client {
  /** the caller's Authorization header, for the replays this client's stream needs */
  authorization: string;
  /** the highest seq this client has (sent, or known to be hidden) */
  sentSeq: number;
  /** false while its first replay is being sent: live messages wait in `queue` */
  ready: boolean;
  queue: LiveBusMessage[];
  /** one event, framed (`frame`): the same text goes to every client of a message */
  send(frame: string): void;
  end(): void;
}

/**
 * One stream in this process: one core-NATS subscription, fanned out to its clients. `seq` is the
 * highest seq delivered in order; a comment after a hole waits in `pending` a moment (publishes after
 * commit can pass each other), then the hole is read from learning. Every client also keeps its own
 * `sentSeq`, so nothing is sent to it twice.
 */
interface Group {
  streamId: string;
  clients: Set<Client>;
  seq: number | null;
  pending: Map<number, LiveComment>;
  sub: Subscription | undefined;
  gapTimer: NodeJS.Timeout | undefined;
  filling: boolean;
}

const isInt = (v: string | undefined): v is string => !!v && /^\d{1,10}$/.test(v);

/** One server-sent event: `id:` (a comment's seq) when it has one. */
const frame = (event: string, data: unknown, id?: number): string =>
  `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * `GET /api/live/streams/:streamId`: a live stream's comments as server-sent events (issue 15;
 * ARCHITECTURE §9 "Live"). Members who may watch the stream now, and staff: the gateway verifies the
 * token itself (D10, D24: the browser reads with fetch and sends Authorization), then asks learning
 * for the replay with the caller's token — learning's answer is the access check (404 not yours).
 *
 * On connect: `live` (the stream's state), `pinned`, with `Last-Event-ID` the `hidden` seqs of the
 * gap, then the comments after Last-Event-ID (or the latest 50) oldest first, then live ones — each
 * comment and call with `id: <seq>`, none twice, none lost (a stream's seqs have no hole: a hole is a
 * lost message, read again from learning). `status` `{ fanout }` says whether this gateway hears
 * NATS. A comment line every LIVE_HEARTBEAT_MS. The stream ends when the client goes, its token
 * expires, or the gateway stops; at most `maxConnections` per process (503 with Retry-After).
 */
export const liveStreams: FastifyPluginAsync<LiveStreamsOptions> = async (app, opts) => {
  const names = new BusNames(opts.namespace);
  const groups = new Map<string, Group>();
  let connections = 0;
  if (opts.stats) opts.stats.clients = () => connections;
  let fanout = false;
  let nc: NatsConnection | undefined;
  let closing = false;
  const log = opts.logger.child({ plugin: 'live-streams' });

  const replay = async (
    streamId: string,
    authorization: string,
    after: number | undefined,
  ): Promise<LiveCommentReplay> => {
    const q = new URLSearchParams({ limit: String(LIVE_COMMENTS_MAX_PAGE) });
    if (after !== undefined) q.set('after', String(after));
    const res = await fetch(`${opts.learningUrl}/member/live/${streamId}/comments?${q}`, {
      headers: { authorization, accept: 'application/json' },
      signal: AbortSignal.timeout(opts.replayTimeoutMs),
    });
    if (!res.ok) throw new UpstreamRefusal(res.status, await res.text());
    return (await res.json()) as LiveCommentReplay;
  };

  const commentFrame = (comment: LiveComment) =>
    frame(comment.kind === 'call' ? LIVE_SSE_EVENTS.call : LIVE_SSE_EVENTS.comment, comment, comment.seq);
  /** a message's event, serialised once however many clients it goes to */
  const frames = new WeakMap<LiveBusMessage, string>();
  const frameOf = (m: LiveBusMessage): string => {
    let f = frames.get(m);
    if (f === undefined) {
      if (m.type === 'comment') f = commentFrame(m.comment);
      else if (m.type === 'hidden') f = frame(LIVE_SSE_EVENTS.hidden, m.hidden);
      else if (m.type === 'pinned') f = frame(LIVE_SSE_EVENTS.pinned, m.pinned);
      else f = frame(LIVE_SSE_EVENTS.live, m.state);
      frames.set(m, f);
    }
    return f;
  };
  const sendComment = (c: Client, comment: LiveComment, framed?: string) => {
    if (comment.seq <= c.sentSeq) return;
    c.sentSeq = comment.seq;
    c.send(framed ?? commentFrame(comment));
  };
  const sendMessage = (c: Client, m: LiveBusMessage) => {
    if (!c.ready) {
      c.queue.push(m);
      return;
    }
    if (m.type === 'comment') sendComment(c, m.comment, frameOf(m));
    else c.send(frameOf(m));
  };

  const deliver = (g: Group, comment: LiveComment) => {
    g.seq = comment.seq;
    const m: LiveBusMessage = { type: 'comment', comment };
    for (const c of g.clients) sendMessage(c, m);
  };
  /** Delivers what follows `seq` in order; a hole left waits for the gap fill. */
  const drain = (g: Group) => {
    if (g.seq === null) return;
    for (const s of [...g.pending.keys()]) if (s <= g.seq) g.pending.delete(s);
    for (let next = g.pending.get(g.seq + 1); next; next = g.pending.get(g.seq + 1)) {
      g.pending.delete(next.seq);
      deliver(g, next);
    }
    if (g.pending.size) scheduleFill(g);
  };
  const scheduleFill = (g: Group, wait = opts.gapWaitMs) => {
    if (g.gapTimer || g.filling) return;
    g.gapTimer = setTimeout(() => {
      g.gapTimer = undefined;
      void fill(g);
    }, wait);
  };
  /** Reads the stream from learning after `seq` (with a client's token) and delivers what was missed. */
  const fill = async (g: Group) => {
    if (g.seq === null || g.filling || groups.get(g.streamId) !== g) return;
    g.filling = true;
    try {
      for (const c of [...g.clients].filter((c) => c.ready)) {
        try {
          for (let more = true; more;) {
            const page = await replay(g.streamId, c.authorization, g.seq);
            for (const item of page.items) if (item.seq > g.seq) deliver(g, item);
            more = page.more;
            // hidden ones are not in a replay: what it did not list up to lastSeq is not coming
            if (!more && page.lastSeq > g.seq) g.seq = page.lastSeq;
          }
          drain(g);
          return;
        } catch (err) {
          log.warn({ err, streamId: g.streamId }, 'gap fill: learning did not answer; trying another client');
        }
      }
    } finally {
      g.filling = false;
    }
    if (g.pending.size && g.clients.size) scheduleFill(g, Math.max(opts.gapWaitMs, 1_000));
  };

  const onBus = (g: Group, m: LiveBusMessage) => {
    if (m.type !== 'comment') {
      for (const c of g.clients) sendMessage(c, m);
      return;
    }
    if (g.seq !== null && m.comment.seq <= g.seq) return;
    g.pending.set(m.comment.seq, m.comment);
    drain(g);
  };

  const subscribe = (g: Group) => {
    if (!nc || g.sub) return;
    g.sub = subscribeLive<LiveBusMessage>(
      nc,
      names,
      liveCommentsTopic(g.streamId),
      (m) => {
        if (m && typeof m === 'object' && 'type' in m) onBus(g, m);
      },
      log,
    );
  };

  const groupOf = (streamId: string): Group => {
    let g = groups.get(streamId);
    if (!g) {
      g = {
        streamId,
        clients: new Set(),
        seq: null,
        pending: new Map(),
        sub: undefined,
        gapTimer: undefined,
        filling: false,
      };
      groups.set(streamId, g);
      subscribe(g);
    }
    return g;
  };
  const leave = (g: Group, c: Client) => {
    g.clients.delete(c);
    if (g.clients.size) return;
    clearTimeout(g.gapTimer);
    g.sub?.unsubscribe();
    groups.delete(g.streamId);
  };

  const broadcastStatus = (value: boolean) => {
    if (fanout === value) return;
    fanout = value;
    for (const g of groups.values())
      for (const c of g.clients) if (c.ready) c.send(frame(LIVE_SSE_EVENTS.status, { fanout }));
  };

  // Never waits for NATS: streams open without it (`status` false) and catch up when it comes.
  connectNats(opts.natsUrl, `gateway-live-streams-${process.pid}`, log)
    .then((conn) => {
      if (closing) {
        void conn.close();
        return;
      }
      nc = conn;
      for (const g of groups.values()) subscribe(g);
      broadcastStatus(true);
      void (async () => {
        for await (const s of conn.status()) {
          if (s.type === 'disconnect') broadcastStatus(false);
          if (s.type === 'reconnect') {
            broadcastStatus(true);
            // what was published while we were away is read from learning
            for (const g of groups.values()) scheduleFill(g, 0);
          }
        }
      })().catch(() => undefined);
    })
    .catch((err: unknown) =>
      log.warn({ err }, 'NATS connection failed: live comments arrive on reconnect only'),
    );

  app.addHook('preClose', async () => {
    closing = true;
    for (const g of [...groups.values()]) for (const c of [...g.clients]) c.end();
    if (nc) await nc.close().catch(() => undefined);
  });

  const authenticate = async (req: FastifyRequest): Promise<Principal> => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new ProblemError('auth.unauthenticated');
    return opts.tokens.verify(token);
  };

  app.get<{ Params: { streamId: string } }>(
    '/api/live/streams/:streamId',
    { schema: { hide: true } },
    async (req, reply) => {
      const principal = await authenticate(req);
      const { streamId } = req.params;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(streamId))
        throw new ProblemError('learning.live_stream_not_found');
      if (connections >= opts.maxConnections)
        throw new ProblemError('service.unavailable', { headers: { 'retry-after': '30' } });
      const lastId = req.headers['last-event-id'];
      const after = typeof lastId === 'string' && isInt(lastId.trim()) ? Number(lastId.trim()) : undefined;

      const g = groupOf(streamId);
      const timers: NodeJS.Timeout[] = [];
      let ended = false;
      let started = false;
      const client: Client = {
        authorization: req.headers.authorization!,
        sentSeq: after ?? 0,
        ready: false,
        queue: [],
        send: (text) => {
          if (!ended && started) reply.raw.write(text);
        },
        end: () => {
          if (ended) return;
          ended = true;
          for (const t of timers) clearTimeout(t);
          leave(g, client);
          if (started) {
            connections -= 1;
            reply.raw.end();
          }
        },
      };
      // in the group before the replay is asked: what is published meanwhile waits in the queue
      g.clients.add(client);

      let page: LiveCommentReplay;
      try {
        page = await replay(streamId, client.authorization, after);
      } catch (err) {
        client.end();
        if (err instanceof UpstreamRefusal && err.status < 500) {
          return reply.status(err.status).type(PROBLEM_CONTENT_TYPE).send(err.body);
        }
        log.warn({ err, streamId }, 'replay from learning failed');
        throw new ProblemError('service.unavailable', { headers: { 'retry-after': '5' } });
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      started = true;
      connections += 1;
      res.on('close', () => client.end());
      res.write('retry: 2000\n\n');
      timers.push(setInterval(() => !ended && res.write(': heartbeat\n\n'), opts.heartbeatMs));
      if (principal.exp !== undefined) {
        // the stream is as good as the token that opened it: the client comes back with a fresh one
        const ms = Math.min(principal.exp * 1000 - Date.now(), 2_147_000_000);
        timers.push(setTimeout(() => client.end(), Math.max(ms, 0)));
      }

      client.send(frame(LIVE_SSE_EVENTS.status, { fanout }));
      client.send(
        frame(LIVE_SSE_EVENTS.live, { streamId, live: page.stream.live, liveSince: page.stream.liveSince }),
      );
      client.send(frame(LIVE_SSE_EVENTS.pinned, { streamId, comment: page.pinned }));
      if (after !== undefined)
        for (const seq of page.hidden)
          if (seq <= after) client.send(frame(LIVE_SSE_EVENTS.hidden, { streamId, seq }));
      try {
        for (;;) {
          for (const item of page.items) sendComment(client, item);
          if (!page.more) break;
          page = await replay(streamId, client.authorization, client.sentSeq);
        }
      } catch (err) {
        log.warn({ err, streamId }, 'replay page from learning failed: the client reconnects');
        client.end();
        return;
      }
      if (page.lastSeq > client.sentSeq) client.sentSeq = page.lastSeq;
      if (g.seq === null) {
        g.seq = client.sentSeq;
        drain(g);
      }
      client.ready = true;
      for (const m of client.queue.splice(0)) sendMessage(client, m);
    },
  );
};
