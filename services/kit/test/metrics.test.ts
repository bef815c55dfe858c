import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, type ServiceApp } from '../src/service.js';
import { runServer } from '../src/server.js';
import { createBreaker } from '../src/breaker.js';
import { createTestEnv, freePort, TestTokenIssuer, type TestEnv } from '../src/testing.js';
import { noteMigrations, testConfig } from './fixtures.js';

/**
 * /metrics (D128): on the app's own port when METRICS_PORT is 0; with a METRICS_PORT only there,
 * and the app's port has none. Routes are counted by pattern, breakers by name and state.
 */
describe('metrics', () => {
  let env: TestEnv;
  const apps: ServiceApp[] = [];
  let issuer: TestTokenIssuer;

  const build = async (name: string, extra: Record<string, string> = {}) => {
    const app = await buildService({
      name,
      description: 'metrics under test',
      config: testConfig({ ...env.envFor(name), ...extra }),
      entities: [],
      migrations: noteMigrations,
      tokenKeys: issuer.keys,
      routes: async (r) => {
        r.get('/things/:id', async () => ({ ok: true }));
      },
      workers: false,
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close().catch(() => undefined)));
    await env?.cleanup();
  });

  it('METRICS_PORT 0: /metrics on the app, requests counted by route pattern, breakers by state', async () => {
    const app = await build('kitmetrics');
    await app.ready();
    for (const id of ['a1', 'b2', 'c3'])
      expect((await app.inject({ url: `/things/${id}` })).statusCode).toBe(200);
    const breaker = createBreaker(async () => 'x', { name: 'kitmetrics:probe', logger: app.kit.logger });
    breaker.open();
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'http_requests_total{method="GET",route="/things/:id",status_code="200",service="kitmetrics"} 3',
    );
    expect(res.body).not.toContain('/things/a1');
    expect(res.body).toMatch(/rian_breaker_state\{breaker="kitmetrics:probe",service="kitmetrics"\} 2/);
    expect(res.body).toMatch(/rian_outbox_backlog\{service="kitmetrics"\} 0/);
    expect(res.body).toMatch(/rian_dependency_up\{dependency="database",service="kitmetrics"\} 1/);
    expect(res.body).toMatch(/nodejs_eventloop_lag_seconds\{service="kitmetrics"\} \d/);
    breaker.close();
    expect((await app.inject({ url: '/metrics' })).body).toMatch(
      /rian_breaker_state\{breaker="kitmetrics:probe"[^}]*\} 0/,
    );
  });

  it('a METRICS_PORT: the text is there only, the app port answers 404', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const app = await runServer(() => build('kitmetricsport', { METRICS_PORT: String(metricsPort) }), {
      host: '127.0.0.1',
      port,
    });
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('rian_db_pool_used{service="kitmetricsport"}');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/readyz`)).status).toBe(404);
    await app.close();
  });
});
