/**
 * Traces across gateway → service → NATS → service (D129, D130): the gateway, auth and
 * notifications run as real processes with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local HTTP
 * server standing in for the collector (OTLP/HTTP JSON). A visitor asks for a registration code
 * through the gateway; auth writes `auth.email.code-requested` (its outbox row carries the
 * request's traceparent) and notifications consumes it: the spans of all three share one trace id,
 * and the consumer's span is a child of auth's.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, OwnNatsServer, type TestEnv } from '@rian/kit/testing';
import { REPO_ROOT, ServiceProcess } from '@rian/kit/testing-process';
import { BodyServer } from '@rian/kit/testing-body-server';
import { request } from './client.js';

interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

/** Receives OTLP/HTTP JSON trace exports (POST /v1/traces) and keeps every span. */
class Collector {
  readonly spans: Span[] = [];
  private readonly http = new BodyServer((req, raw) => {
    if (req.url === '/v1/traces') {
      const body = JSON.parse(raw.toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: Omit<Span, 'service'>[] }[];
        }[];
      };
      for (const rs of body.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const ss of rs.scopeSpans) for (const s of ss.spans) this.spans.push({ ...s, service });
      }
    }
    return { headers: { 'content-type': 'application/json' }, body: '{}' };
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

let env: TestEnv;
let nats: OwnNatsServer;
let collector: Collector;
const procs: ServiceProcess[] = [];
let base = '';

beforeAll(async () => {
  env = await createTestEnv();
  nats = await OwnNatsServer.create();
  await nats.start();
  collector = new Collector();
  await collector.start();
  const otel = {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
  const [authPort, notificationsPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
  const logDir = join(REPO_ROOT, 'var', 'test-results', `tracing-${env.namespace}`);
  const auth = new ServiceProcess('auth', {
    entry: 'services/auth/src/server.ts',
    port: authPort,
    logFile: join(logDir, 'auth.log'),
    env: { ...env.envFor('auth', { NATS_URL: nats.url }), ...otel },
  });
  const authUrl = auth.url;
  const notifications = new ServiceProcess('notifications', {
    entry: 'services/notifications/src/server.ts',
    port: notificationsPort,
    logFile: join(logDir, 'notifications.log'),
    env: {
      ...env.envFor('notifications', { NATS_URL: nats.url }),
      AUTH_JWKS_URL: `${authUrl}/.well-known/jwks.json`,
      ...otel,
    },
  });
  const gateway = new ServiceProcess('gateway', {
    entry: 'gateway/src/server.ts',
    port: gatewayPort,
    readyPath: '/api/health/live',
    logFile: join(logDir, 'gateway.log'),
    env: {
      ...env.envFor('gateway', { NATS_URL: nats.url }),
      GATEWAY_SERVICES: 'auth,notifications',
      AUTH_URL: authUrl,
      NOTIFICATIONS_URL: notifications.url,
      AUTH_JWKS_URL: `${authUrl}/.well-known/jwks.json`,
      ...otel,
    },
  });
  procs.push(auth, notifications, gateway);
  await auth.start();
  await Promise.all([notifications.start(), gateway.start()]);
  base = gateway.url;
}, 180_000);

afterAll(async () => {
  await Promise.all(procs.map((p) => p.dispose()));
  await collector?.stop();
  await env?.cleanup();
  await nats?.dispose();
}, 60_000);

it('one request through the gateway and the event it causes make one trace: gateway, producer and consumer', async () => {
  const res = await request(base, 'POST', '/api/auth/register/code', { email: 'trace-me@example.com' });
  expect(res.status).toBe(202);
  const consumed = await eventually(
    () =>
      collector.spans.find(
        (s) => s.service === 'notifications' && s.name === 'consume auth.email.code-requested',
      ),
    30_000,
  );
  const trace = collector.spans.filter((s) => s.traceId === consumed.traceId);
  // the gateway's server span is the root of the trace, auth's server span its descendant
  const gatewaySpans = trace.filter((s) => s.service === 'gateway');
  const authSpans = trace.filter((s) => s.service === 'auth');
  expect(gatewaySpans.length).toBeGreaterThan(0);
  expect(authSpans.length).toBeGreaterThan(0);
  expect(gatewaySpans.some((s) => !s.parentSpanId)).toBe(true);
  // the consumer's span is the child of a span of auth's (the one that wrote the outbox row)
  expect(authSpans.map((s) => s.spanId)).toContain(consumed.parentSpanId);
  // SpanKind.CONSUMER is 5 in OTLP
  expect(consumed.kind).toBe(5);
}, 60_000);
