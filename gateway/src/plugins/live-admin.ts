import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ProblemError } from '@rian/kit/errors';
import { subscribeLive } from '@rian/kit/live';
import { BusNames, connectNats } from '@rian/kit/nats';
import { bearerToken, type Principal, type TokenVerifier } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import { SLIPS_WAITING_TOPIC } from '@rian/proto-contracts/payments';

export interface LiveAdminOptions {
  /** gets a reader of the connected clients' count (metrics) */
  stats?: { clients?: () => number };
  natsUrl: string;
  namespace: string;
  tokens: TokenVerifier;
  /** payments' base URL, asked for the count at connect; undefined: the last count heard only */
  paymentsUrl: string | undefined;
  heartbeatMs: number;
  maxConnections: number;
  countTimeoutMs: number;
  logger: Logger;
}

interface Client {
  send(event: string, data: unknown): void;
  /** a count from NATS reached this client: an older answer of payments must not follow it */
  heardLive: boolean;
  end(): void;
}

// NATS types through the kit: the gateway has no NATS client of its own to depend on
type NatsConnection = Awaited<ReturnType<typeof connectNats>>;
type Subscription = ReturnType<typeof subscribeLive>;
type SlipCounts = { wait: number };
const isCounts = (v: unknown): v is SlipCounts =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as SlipCounts).wait) &&
  (v as SlipCounts).wait >= 0;

/**
 * `GET /api/live/admin`: server-sent events for the back office's top bar (ARCHITECTURE §4).
 *
 * Staff only: the gateway verifies the bearer access token itself (auth's JWKS, revocations in
 * Redis — the kit's TokenVerifier, as services do). The browser reads the stream with `fetch` and
 * a body reader, because EventSource cannot send an Authorization header (D24). One core-NATS
 * subscription per process (`<ns>.live.payments.slips-waiting`) fans out to every open stream.
 *
 * Events: `status` `{ live }` (whether this gateway hears NATS; false → the badge polls),
 * `slips` `{ wait }` at connect (asked of payments with the caller's token, else the last count
 * heard) and after every change; a comment line as heartbeat. The stream ends when the client
 * goes, when its token expires, or when the gateway shuts down; at most `maxConnections` per
 * process (then 503 with Retry-After).
 */
export const liveAdmin: FastifyPluginAsync<LiveAdminOptions> = async (app, opts) => {
  const names = new BusNames(opts.namespace);
  const clients = new Set<Client>();
  if (opts.stats) opts.stats.clients = () => clients.size;
  let live = false;
  let lastCounts: SlipCounts | undefined;
  let nc: NatsConnection | undefined;
  let sub: Subscription | undefined;
  let closing = false;
  const log = opts.logger.child({ plugin: 'live-admin' });

  const broadcast = (event: string, data: unknown, heard = false) => {
    for (const c of clients) {
      if (heard) c.heardLive = true;
      c.send(event, data);
    }
  };
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    broadcast('status', { live });
  };

  const onConnected = (conn: NatsConnection) => {
    nc = conn;
    sub = subscribeLive<unknown>(
      conn,
      names,
      SLIPS_WAITING_TOPIC,
      (data) => {
        if (!isCounts(data)) return;
        lastCounts = { wait: data.wait };
        broadcast('slips', lastCounts, true);
      },
      log,
    );
    setLive(true);
    void (async () => {
      for await (const s of conn.status()) {
        if (s.type === 'disconnect') setLive(false);
        // counts published while we were away are lost: the badge asks payments once it hears live again
        if (s.type === 'reconnect') setLive(true);
      }
    })().catch(() => undefined);
  };

  // Never waits for NATS: the streams open without it and say `live: false`.
  connectNats(opts.natsUrl, `gateway-live-${process.pid}`, log)
    .then((conn) => {
      if (closing) void conn.close();
      else onConnected(conn);
    })
    .catch((err: unknown) => log.warn({ err }, 'NATS connection failed: live updates are off'));

  app.addHook('preClose', async () => {
    closing = true;
    for (const c of clients) c.end();
    sub?.unsubscribe();
    if (nc) await nc.close().catch(() => undefined);
  });

  const authenticate = async (req: FastifyRequest): Promise<Principal> => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new ProblemError('auth.unauthenticated');
    const principal = await opts.tokens.verify(token);
    if (principal.kind !== 'staff') throw new ProblemError('auth.forbidden');
    return principal;
  };

  const askPayments = async (authorization: string): Promise<SlipCounts | undefined> => {
    if (!opts.paymentsUrl) return undefined;
    try {
      const res = await fetch(`${opts.paymentsUrl}/admin/slips/count`, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(opts.countTimeoutMs),
      });
      if (!res.ok) return undefined;
      const body: unknown = await res.json();
      return isCounts(body) ? { wait: body.wait } : undefined;
    } catch {
      return undefined;
    }
  };

  app.get('/api/live/admin', { schema: { hide: true } }, async (req, reply) => {
    const principal = await authenticate(req);
    if (clients.size >= opts.maxConnections) {
      throw new ProblemError('service.unavailable', { headers: { 'retry-after': '30' } });
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      // nginx and similar proxies must pass events through at once
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });

    let ended = false;
    const timers: NodeJS.Timeout[] = [];
    const client: Client = {
      heardLive: false,
      send: (event, data) => {
        if (!ended) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      end: () => {
        if (ended) return;
        ended = true;
        clients.delete(client);
        for (const t of timers) clearTimeout(t);
        res.end();
      },
    };
    clients.add(client);
    res.on('close', () => client.end());

    timers.push(setInterval(() => !ended && res.write(': heartbeat\n\n'), opts.heartbeatMs));
    if (principal.exp !== undefined) {
      // the stream is as good as the token that opened it: the client comes back with a fresh one
      const ms = Math.min(principal.exp * 1000 - Date.now(), 2_147_000_000);
      timers.push(setTimeout(() => client.end(), Math.max(ms, 0)));
    }

    client.send('status', { live });
    const counts = (await askPayments(req.headers.authorization!)) ?? lastCounts;
    if (counts && !client.heardLive) client.send('slips', counts);
  });
};
