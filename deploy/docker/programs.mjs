// What the image runs and how each program is built: one list that the build (deploy/docker/build.mjs),
// the Dockerfile's stages run as plain commands (deploy/docker/stages.mjs) and the checks of compose
// and the Dockerfile (deploy/local/compose.test.mjs) all read.
//
// Each bundle sits in its own workspace, beside its src/ (services/x/src/server.ts →
// services/x/dist/server.mjs): Node then finds the npm packages the workspace's own node_modules holds
// (services/auth/node_modules has its own @fastify/cookie) before the root's, as it does for the
// source, and the paths the code resolves from its own file (`new URL('../../web/dist/',
// import.meta.url)`, `../../../var/slips`) land on the same places from the bundle as from the source.
import { DEFAULT_PORTS, SERVICES } from '../local/stack.mjs';

/** @typedef {{ name: string, entry: string, out: string, health: string, port: number }} Program */

/** the programs' default ports: the stack's (services/kit/src/config.ts DEFAULT_PORTS), and the simulator's */
export const PORTS = { ...DEFAULT_PORTS, 'payments-simulator': 3109 };

/** @type {Program[]} every program the image can run, by the name SERVICE gives it */
export const PROGRAMS = [
  ...SERVICES.map((name) => ({
    name,
    entry: `services/${name}/src/server.ts`,
    out: `services/${name}/dist/server.mjs`,
    health: '/healthz',
    port: PORTS[name],
  })),
  {
    name: 'gateway',
    entry: 'gateway/src/server.ts',
    out: 'gateway/dist/server.mjs',
    health: '/api/health',
    port: PORTS.gateway,
  },
  // the payment providers' simulator (2C2P card form, KBank API): compose's laptop stack runs it from
  // the same image; never deployed to a cluster
  {
    name: 'payments-simulator',
    entry: 'services/payments/test/fakes/provider.ts',
    out: 'services/payments/dist/simulator.mjs',
    // its index answers 200 once listening (it also prints its URL)
    health: '/',
    port: PORTS['payments-simulator'],
  },
];

/**
 * Files a program reads from beside its bundle at run time: notifications' message templates
 * (services/notifications/src/templates-dir.ts resolves `../templates/` from the bundle as from the
 * sources; the service does not start without them).
 */
export const RUNTIME_DATA = ['services/notifications/templates/'];

/**
 * What the runtime stage copies from the build (besides the production node_modules): the bundles,
 * the SPA and RUNTIME_DATA. Nothing else is read from beside the code: fonts and swagger-ui's assets
 * come from their npm packages (createRequire(import.meta.url).resolve walks up to node_modules).
 */
export const RUNTIME_COPIES = [...new Set(PROGRAMS.map((p) => p.out.replace(/[^/]+$/, '')))].concat(
  'web/dist/',
  ...RUNTIME_DATA,
);

/** the workspaces whose production dependencies the runtime installs (not web's: the SPA is built) */
export const RUNTIME_WORKSPACES = [
  'proto-contracts',
  'services/kit',
  ...SERVICES.map((s) => `services/${s}`),
  'gateway',
];
