// Issue 19 item 3: production fails fast on every setting that must not keep its development
// default, and the prod overlay sets each of them. Every program of the image (the services and the
// gateway) reads its configuration with NODE_ENV=production (the image's) from exactly what the
// rendered prod overlay gives its container: rian-config, its own env, and the Secret's keys (the
// operator's secret manager fills them; here the dev overlay's well-formed values stand in). Then
// the same programs with nothing set must refuse to start, naming the settings.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const KUSTOMIZE = join(dirname(createRequire(import.meta.url).resolve('kustomize/package.json')), 'run.js');

function render(overlay) {
  const res = spawnSync(process.execPath, [KUSTOMIZE, 'build', join(ROOT, 'deploy/k8s/overlays', overlay)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (res.status !== 0) throw new Error(res.stderr);
  return parseAllDocuments(res.stdout)
    .map((d) => d.toJS())
    .filter(Boolean);
}

/** SERVICE (as the image's entry point reads it) → that program's readConfig */
const programs = {
  gateway: () => import('../../gateway/src/config.ts'),
  auth: () => import('../../services/auth/src/config.ts'),
  catalog: () => import('../../services/catalog/src/config.ts'),
  notifications: () => import('../../services/notifications/src/config.ts'),
  media: () => import('../../services/media/src/config.ts'),
  orders: () => import('../../services/orders/src/config.ts'),
  payments: () => import('../../services/payments/src/config.ts'),
  learning: () => import('../../services/learning/src/config.ts'),
  bookings: () => import('../../services/bookings/src/config.ts'),
  insights: () => import('../../services/insights/src/config.ts'),
};

/** what one container of the rendered overlay is given, with NODE_ENV=production from the image */
function containerEnv(objects, deployment, secret) {
  const container = deployment.spec.template.spec.containers[0];
  const env = { NODE_ENV: 'production' };
  for (const from of container.envFrom ?? []) {
    const cm = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === from.configMapRef?.name);
    Object.assign(env, cm?.data);
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    const ref = e.valueFrom?.secretKeyRef;
    if (ref && secret[ref.key] !== undefined) env[e.name] = secret[ref.key];
  }
  return env;
}

describe('production settings', () => {
  const prod = render('prod');
  // the dev overlay's generated Secret: well-formed values for every key the prod one must hold
  const devSecret = render('dev').find((o) => o.kind === 'Secret');
  const secret = Object.fromEntries(
    Object.entries(devSecret.data).map(([k, v]) => [k, Buffer.from(String(v), 'base64').toString('utf8')]),
  );
  const deployments = prod.filter((o) => o.kind === 'Deployment');

  it('the prod overlay runs every program of the image', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(Object.keys(programs).sort());
  });

  for (const name of Object.keys(programs)) {
    it(`${name} starts from what the prod overlay gives it`, async () => {
      const deployment = deployments.find((d) => d.metadata.name === name);
      const env = containerEnv(prod, deployment, secret);
      const { readConfig } = await programs[name]();
      expect(() => readConfig(env)).not.toThrow();
    });
  }

  it('with nothing set, production refuses to start and names each development default', async () => {
    const refused = {};
    for (const [name, load] of Object.entries(programs)) {
      const { readConfig } = await load();
      try {
        readConfig({ NODE_ENV: 'production' });
      } catch (err) {
        refused[name] = err.problems.map((p) => p.slice(0, p.indexOf(':')));
      }
    }
    expect(refused).toMatchObject({
      gateway: expect.arrayContaining(['REDIS_URL', 'NATS_URL', 'COOKIE_SECURE', 'AUTH_URL', 'PAYMENTS_URL']),
      auth: expect.arrayContaining(['DATABASE_URL', 'SITE_URL', 'ADMIN_PASSWORD', 'COOKIE_SECURE']),
      catalog: expect.arrayContaining(['DATABASE_URL', 'NATS_URL', 'REDIS_URL']),
      notifications: expect.arrayContaining(['SMTP_URL', 'MAIL_FROM', 'SITE_URL']),
      media: expect.arrayContaining(['MEDIA_URL_SECRET']),
      orders: expect.arrayContaining(['SELLER_NAME', 'SELLER_TAX_ID', 'SELLER_ADDRESS', 'ORDERS_SECRET_KEY']),
      payments: expect.arrayContaining([
        'PAYMENTS_CALLBACK_BASE_URL',
        'PAYMENTS_CARD_FORM_URL',
        'PAYMENTS_CARD_MERCHANT_ID',
        'PAYMENTS_KBANK_API_URL',
        'PAYMENTS_PROMPTPAY_ID',
        'PAYMENTS_REF_KEY',
      ]),
      learning: expect.arrayContaining(['LEARNING_SECRET_KEY', 'MEDIA_URL_SECRET']),
      bookings: expect.arrayContaining(['BOOKINGS_SECRET_KEY', 'BOOKINGS_URL_SECRET']),
      insights: expect.arrayContaining(['DATABASE_URL', 'NATS_URL', 'SITE_URL']),
    });
  });
});
