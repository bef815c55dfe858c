#!/usr/bin/env node
// Migrations as Jobs, before a rollout: renders an overlay (kustomize, as `kubectl apply -k` would)
// and prints one Job per service Deployment — the same pod (image, env, Secret keys, security) with
// DATABASE_MIGRATE=only, so the program applies its migrations and exits instead of serving.
//
//   node deploy/k8s/migrate-jobs.mjs prod | kubectl apply -f -
//   kubectl -n rian wait --for=condition=complete --timeout=10m job -l app.kubernetes.io/component=migrate
//   kubectl apply -k deploy/k8s/overlays/prod
//
// Jobs are named after the image tag (migrate-<service>-<tag>): each release migrates once, and a
// Job of an earlier release is left alone (ttlSecondsAfterFinished removes it a day later). The
// services' own start-up migration (DATABASE_MIGRATE=start, the default) then finds nothing to do;
// set DATABASE_MIGRATE=check on the Deployments to refuse starting on a database the Job has not
// migrated. deploy/README.md, "Migrations".
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, stringify } from 'yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** kustomize build of deploy/k8s/overlays/<overlay> → its objects */
export function renderOverlay(overlay) {
  const kustomize = join(dirname(createRequire(import.meta.url).resolve('kustomize/package.json')), 'run.js');
  const dir = join(ROOT, 'deploy/k8s/overlays', overlay);
  const res = spawnSync(process.execPath, [kustomize, 'build', dir], { encoding: 'utf8', timeout: 60_000 });
  if (res.status !== 0) throw new Error(`kustomize build ${dir}: ${res.stderr || res.error}`);
  return parseAllDocuments(res.stdout)
    .map((d) => d.toJS())
    .filter(Boolean);
}

/** The migration Jobs for the service Deployments of `objects`. */
export function migrationJobs(objects) {
  return objects
    .filter(
      (o) => o.kind === 'Deployment' && o.metadata.labels?.['app.kubernetes.io/component'] === 'service',
    )
    .map((d) => {
      const name = d.metadata.name;
      const pod = structuredClone(d.spec.template.spec);
      const tag = (pod.containers[0].image.split(':')[1] ?? 'latest')
        .replace(/[^a-z0-9-]/gi, '-')
        .toLowerCase();
      pod.restartPolicy = 'OnFailure';
      delete pod.topologySpreadConstraints;
      pod.containers = pod.containers.map((c) => {
        const { startupProbe, readinessProbe, livenessProbe, lifecycle, ports, ...rest } = c;
        void [startupProbe, readinessProbe, livenessProbe, lifecycle, ports];
        return {
          ...rest,
          name: 'migrate',
          env: [
            ...(c.env ?? []).filter((e) => e.name !== 'DATABASE_MIGRATE'),
            { name: 'DATABASE_MIGRATE', value: 'only' },
          ],
        };
      });
      const labels = {
        'app.kubernetes.io/name': name,
        'app.kubernetes.io/component': 'migrate',
        'app.kubernetes.io/part-of': 'rian',
      };
      return {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: {
          name: `migrate-${name}-${tag}`.slice(0, 63).replace(/-+$/, ''),
          namespace: d.metadata.namespace,
          labels,
        },
        spec: {
          backoffLimit: 3,
          activeDeadlineSeconds: 900,
          ttlSecondsAfterFinished: 86_400,
          template: { metadata: { labels }, spec: pod },
        },
      };
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const overlay = process.argv[2] ?? 'prod';
  process.stdout.write(
    migrationJobs(renderOverlay(overlay))
      .map((j) => stringify(j, { aliasDuplicateObjects: false }))
      .join('---\n'),
  );
}
