// What the image runs and how each program is built: one list that the build (deploy/docker/build.mjs),
// the Dockerfile's stages run as plain commands (deploy/docker/stages.mjs) and the checks of compose
// and the Dockerfile (deploy/local/compose.test.mjs) all read.
//
// Each bundle keeps its source's folder depth (gateway/src → dist/gateway, services/x/src →
// dist/services/x), so the paths the code resolves from its own file (`new URL('../../web/dist/',
// import.meta.url)`, `../../../var/slips`) land on the same places from the bundle as from the source.
import { SERVICES } from '../local/stack.mjs';

/** @typedef {{ name: string, entry: string, out: string, health: string, port: number }} Program */

/** the services' default ports (services/kit/src/config.ts DEFAULT_PORTS) */
export const PORTS = {
  gateway: 3000,
  auth: 3101,
  catalog: 3102,
  notifications: 3103,
  orders: 3104,
  payments: 3105,
  learning: 3106,
  bookings: 3107,
  media: 3108,
  'payments-simulator': 3109,
};

/** @type {Program[]} every program the image can run, by the name SERVICE gives it */
export const PROGRAMS = [
  ...SERVICES.map((name) => ({
    name,
    entry: `services/${name}/src/server.ts`,
    out: `dist/services/${name}/server.mjs`,
    health: '/healthz',
    port: PORTS[name],
  })),
  {
    name: 'gateway',
    entry: 'gateway/src/server.ts',
    out: 'dist/gateway/server.mjs',
    health: '/api/health',
    port: PORTS.gateway,
  },
  // the payment providers' simulator (2C2P card form, KBank API): compose's laptop stack runs it from
  // the same image; never deployed to a cluster
  {
    name: 'payments-simulator',
    entry: 'services/payments/test/fakes/provider.ts',
    out: 'dist/services/payments-simulator/server.mjs',
    health: '/',
    port: PORTS['payments-simulator'],
  },
];

/**
 * What the runtime stage copies from the build (besides the production node_modules): the bundles
 * and the SPA. Nothing else is read from beside the code: fonts and swagger-ui's assets come from
 * their npm packages (createRequire(import.meta.url).resolve walks up to /app/node_modules).
 */
export const RUNTIME_COPIES = ['dist/', 'web/dist/'];

/** the workspaces whose production dependencies the runtime installs (not web's: the SPA is built) */
export const RUNTIME_WORKSPACES = ['proto-contracts', 'services/kit', ...SERVICES.map((s) => `services/${s}`), 'gateway'];
