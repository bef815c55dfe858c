import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { eventually, freePort, OwnNatsServer, TestTokenIssuer } from '@rian/kit/testing';
import { BusNames } from '@rian/kit/nats';
import { publishLive } from '@rian/kit/live';
import { SLIPS_WAITING_TOPIC } from '@rian/proto-contracts/payments';
import { PROBLEM, standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';
import { SseClient } from './sse-client.js';

const NATS = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

describe('GET /api/live/admin (server-sent events for the admin top bar)', () => {
  let issuer: TestTokenIssuer;
  let payments: StandIn;
  let gw: TestGateway;
  let base: string;
  let nc: NatsConnection;
  let names: BusNames;
  const asked: (string | undefined)[] = [];
  const paymentsCount = 5;
  const open: SseClient[] = [];

  const client = async (token?: string) => {
    const c = await SseClient.open(`${base}/api/live/admin`, token);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    issuer = await TestTokenIssuer.create();
    payments = await standIn((app) => {
      app.get('/admin/slips/count', async (req) => {
        asked.push(req.headers.authorization);
        return { wait: paymentsCount };
      });
    });
    gw = await startGateway(
      {
        GATEWAY_SERVICES: 'auth,payments',
        PAYMENTS_URL: payments.url,
        NATS_URL: NATS,
        LIVE_HEARTBEAT_MS: '200',
        LIVE_MAX_CONNECTIONS: '3',
      },
      { tokenKeys: issuer.keys },
    );
    const port = await freePort();
    await gw.app.listen({ host: '127.0.0.1', port });
    base = `http://127.0.0.1:${port}`;
    names = new BusNames(gw.namespace);
    nc = await connect({ servers: NATS });
  });

  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });

  afterAll(async () => {
    await nc?.close();
    await gw?.close();
    await payments?.close();
  });

  it('a staff client gets the current count at connect (asked of payments with its token), then every change published on the live subject', async () => {
    const token = await issuer.staff('staff');
    const c = await client(token);
    expect(c.res.status).toBe(200);
    expect(c.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(c.res.headers.get('cache-control')).toContain('no-cache');
    await eventually(() => c.of('slips').length === 1);
    expect(c.of('slips')).toEqual([{ wait: 5 }]);
    expect(asked.at(-1)).toBe(`Bearer ${token}`);
    await eventually(() => c.of('status').at(-1) !== undefined);

    // the live subscription is up once the gateway says so
    await eventually(async () => {
      const s = await client(token);
      await eventually(() => s.of('status').length > 0);
      s.close();
      return (s.of('status')[0] as { live: boolean }).live;
    });
    publishLive(nc, names, SLIPS_WAITING_TOPIC, { wait: 6 });
    publishLive(nc, names, SLIPS_WAITING_TOPIC, { wait: 'x' });
    publishLive(nc, names, SLIPS_WAITING_TOPIC, { wait: 4 });
    await eventually(() => c.of('slips').length === 3);
    expect(c.of('slips')).toEqual([{ wait: 5 }, { wait: 6 }, { wait: 4 }]);
    await eventually(() => c.heartbeats >= 2, 3_000);
  });

  it('no token → 401 problem+json; a member → 403; a forged token → 401', async () => {
    const none = await client();
    expect(none.res.status).toBe(401);
    expect(none.res.headers.get('content-type')).toContain(PROBLEM);
    expect(((await none.res.json()) as { code: string }).code).toBe('auth.unauthenticated');

    const member = await client(await issuer.member());
    expect(member.res.status).toBe(403);
    expect(((await member.res.json()) as { code: string }).code).toBe('auth.forbidden');

    const other = await TestTokenIssuer.create();
    const forged = await client(await other.staff());
    expect(forged.res.status).toBe(401);
  });

  it('caps the open streams per process; a client that goes away frees its place', async () => {
    const token = await issuer.staff();
    const streams = [await client(token), await client(token), await client(token)];
    for (const s of streams) expect(s.res.status).toBe(200);
    const over = await client(token);
    expect(over.res.status).toBe(503);
    expect(over.res.headers.get('retry-after')).toBe('30');
    expect(((await over.res.json()) as { code: string }).code).toBe('service.unavailable');

    streams[0]!.close();
    await eventually(async () => {
      const again = await client(token);
      if (again.res.status !== 200) return false;
      again.close();
      return true;
    });
  });

  it('ends the stream when the token that opened it expires', async () => {
    const c = await client(
      await issuer.sign({ sub: crypto.randomUUID(), kind: 'staff', role: 'staff' }, { expiresIn: '2s' }),
    );
    expect(c.res.status).toBe(200);
    await eventually(() => c.ended, 5_000);
  });
});

describe('the live stream without NATS, and at shutdown', () => {
  let issuer: TestTokenIssuer;
  let payments: StandIn;
  let own: OwnNatsServer;

  beforeAll(async () => {
    issuer = await TestTokenIssuer.create();
    payments = await standIn((app) => {
      app.get('/admin/slips/count', async () => ({ wait: 2 }));
    });
    own = await OwnNatsServer.create();
  });

  afterAll(async () => {
    await payments?.close();
    await own?.dispose();
  });

  it('stays open while NATS goes away and comes back, saying live false then true; closes cleanly at shutdown', async () => {
    await own.start();
    const gw = await startGateway(
      {
        GATEWAY_SERVICES: 'payments',
        PAYMENTS_URL: payments.url,
        NATS_URL: own.url,
        LIVE_HEARTBEAT_MS: '200',
      },
      { tokenKeys: issuer.keys },
    );
    const port = await freePort();
    await gw.app.listen({ host: '127.0.0.1', port });
    const c = await SseClient.open(`http://127.0.0.1:${port}/api/live/admin`, await issuer.staff());
    try {
      await eventually(() => c.of('slips').length === 1 && c.of('status').length > 0);
      await eventually(async () => {
        const s = await SseClient.open(`http://127.0.0.1:${port}/api/live/admin`, await issuer.staff());
        await eventually(() => s.of('status').length > 0);
        s.close();
        return (s.of('status')[0] as { live: boolean }).live;
      });
      const heard = c.events.length;

      await own.stop();
      await eventually(() =>
        c.events.slice(heard).some((e) => e.event === 'status' && !(e.data as { live: boolean }).live),
      );
      const beats = c.heartbeats;
      await eventually(() => c.heartbeats > beats + 1, 3_000);
      expect(c.ended).toBe(false);

      await own.start();
      await eventually(() => (c.of('status').at(-1) as { live: boolean }).live === true, 15_000);

      await gw.app.close();
      await eventually(() => c.ended, 5_000);
    } finally {
      c.close();
      await gw.close().catch(() => undefined);
    }
  });

  it('opens with live false and the count from payments when NATS cannot be reached at all', async () => {
    const gw = await startGateway(
      {
        GATEWAY_SERVICES: 'payments',
        PAYMENTS_URL: payments.url,
        NATS_URL: `nats://127.0.0.1:${await freePort()}`,
      },
      { tokenKeys: issuer.keys },
    );
    const port = await freePort();
    await gw.app.listen({ host: '127.0.0.1', port });
    const c = await SseClient.open(`http://127.0.0.1:${port}/api/live/admin`, await issuer.staff());
    try {
      expect(c.res.status).toBe(200);
      await eventually(() => c.of('slips').length === 1);
      expect(c.of('status')).toEqual([{ live: false }]);
      expect(c.of('slips')).toEqual([{ wait: 2 }]);
    } finally {
      c.close();
      await gw.close();
    }
  });
});
