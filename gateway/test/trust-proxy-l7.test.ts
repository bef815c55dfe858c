import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';

/**
 * TRUST_PROXY behind an L7 load balancer (deploy/README.md, "Client addresses"): a cloud balancer in
 * front of ingress-nginx, each appending to X-Forwarded-For, so the gateway sees the ingress pod as
 * its peer and `<client>, <balancer>` in the header. With the two hops trusted, the per-client sign-in
 * limit counts each visitor, a visitor cannot pick their own address by sending the header, and
 * services are told the visitor's address. With one hop trusted (the ingress alone), every visitor
 * behind the balancer is the balancer: one shared limit — the misconfiguration this guards against.
 */
describe('TRUST_PROXY behind a cloud load balancer and the ingress', () => {
  let auth: StandIn;
  const seenFor: string[] = [];
  const INGRESS_POD = '10.42.0.7';
  const BALANCER = '10.1.2.3';

  beforeAll(async () => {
    auth = await standIn((app) => {
      app.post('/login', async (req) => {
        seenFor.push(String(req.headers['x-forwarded-for']));
        return { ok: true };
      });
    });
  });
  afterAll(async () => auth?.close());

  /** a sign-in as it reaches the gateway: from the ingress pod, with what the two proxies appended */
  const login = (gw: TestGateway, forwardedFor: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: INGRESS_POD,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'a@b.co', password: 'x' },
    });

  it('two hops trusted: each visitor has a limit of their own, and a forged header does not buy another', async () => {
    const gw = await startGateway({ AUTH_URL: auth.url, TRUST_PROXY: '2', RATE_LIMIT_LOGIN_MAX: '2' });
    try {
      const alice = `203.0.113.7, ${BALANCER}`;
      const bob = `198.51.100.9, ${BALANCER}`;
      expect((await login(gw, alice)).statusCode).toBe(200);
      expect((await login(gw, alice)).statusCode).toBe(200);
      expect((await login(gw, alice)).statusCode).toBe(429);
      // the same visitor claiming another address in front: the balancer appended the real one
      expect((await login(gw, `192.0.2.1, 203.0.113.7, ${BALANCER}`)).statusCode).toBe(429);
      // another visitor behind the same balancer is not held by Alice's limit
      expect((await login(gw, bob)).statusCode).toBe(200);
      // the service is told who the visitor is, not the balancer
      expect(seenFor.at(-1)).toMatch(/^198\.51\.100\.9(,|$)/);
    } finally {
      await gw.close();
    }
  });

  it('one hop trusted behind a balancer: every visitor is the balancer and shares one limit', async () => {
    const gw = await startGateway({ AUTH_URL: auth.url, TRUST_PROXY: '1', RATE_LIMIT_LOGIN_MAX: '2' });
    try {
      expect((await login(gw, `203.0.113.7, ${BALANCER}`)).statusCode).toBe(200);
      expect((await login(gw, `198.51.100.9, ${BALANCER}`)).statusCode).toBe(200);
      expect((await login(gw, `192.0.2.44, ${BALANCER}`)).statusCode).toBe(429);
    } finally {
      await gw.close();
    }
  });
});
