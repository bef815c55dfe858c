// `npm start`: from a fresh clone to a running Rian on http://127.0.0.1:3000.
// Installs, checks the servers, builds the SPA, starts every service (each creates its database and
// runs its migrations; auth seeds the staff account, catalog, learning and orders the demo data) and
// the gateway.
import {
  bold,
  buildWeb,
  checkServers,
  DEFAULT_PORTS,
  demoSeedEnv,
  ensureInstalled,
  green,
  log,
  red,
  startLineStandIn,
  startPaymentSimulator,
  liveSourceFor,
  startStack,
} from './stack.mjs';

/** payments' development defaults point at the simulator here */
const SIMULATOR_PORT = 3109;
/** the LINE stand-in (LINE Login and Messaging push), when no LINE channel is configured */
const LINE_STAND_IN_PORT = 3111;

const DEV_ADMIN = { username: 'admin', password: 'rian-admin-dev' };

async function main() {
  // servers first: says what is missing in a second, before a long install
  if (!(await checkServers())) {
    process.stderr.write(
      red(
        '\nRian needs PostgreSQL, NATS JetStream and Redis. Start the missing one(s) and run npm start again.\n',
      ),
    );
    process.exit(1);
  }
  ensureInstalled();
  if (process.env.SKIP_WEB_BUILD !== '1') buildWeb();

  let stopping = false;
  // the outside payment providers: a local simulator, unless real ones are configured
  const simulator = process.env.PAYMENTS_CARD_FORM_URL
    ? undefined
    : await startPaymentSimulator({
        port: SIMULATOR_PORT,
        gatewayUrl: `http://127.0.0.1:${DEFAULT_PORTS.gateway}`,
      });
  // LINE (members link their account; notifications push to them): a local stand-in, unless a real
  // LINE Login channel is configured
  const lineStandIn = process.env.LINE_LOGIN_CHANNEL_ID
    ? undefined
    : await startLineStandIn({ port: LINE_STAND_IN_PORT });
  const stack = await startStack({
    env: {
      ...demoSeedEnv(),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...(simulator?.env ?? {}),
      ...(lineStandIn?.env ?? {}),
    },
    onExit: (name, code, signal) => {
      if (stopping) return;
      process.stderr.write(
        red(`\n${name} stopped unexpectedly (${signal ?? `exit ${code}`}); stopping the stack.\n`),
      );
      void shutdown(1);
    },
  });

  async function shutdown(code = 0) {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    await stack.stop();
    simulator?.child.kill('SIGTERM');
    lineStandIn?.child.kill('SIGTERM');
    process.exit(code);
  }
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const usingDefaults = !process.env.ADMIN_USERNAME && !process.env.ADMIN_PASSWORD;
  process.stdout.write(
    [
      '',
      `${green('●')} ${bold('Rian is running:')} ${bold(stack.url)}`,
      `  API health:   ${stack.url}/api/health`,
      `  API docs:     ${stack.url}/api/docs`,
      `  Back office:  ${stack.url}/admin/login` +
        (usingDefaults
          ? `  (development staff account: ${DEV_ADMIN.username} / ${DEV_ADMIN.password} — set ADMIN_USERNAME / ADMIN_PASSWORD in production)`
          : `  (staff account from ADMIN_USERNAME)`),
      process.env.SMTP_URL
        ? `  E-mail:       sent over ${new URL(process.env.SMTP_URL).host}`
        : '  E-mail:       no SMTP_URL, so messages are kept in the delivery log (back office)',
      simulator
        ? `  Payments:     card / UnionPay / QR go to the provider simulator at ${simulator.url}`
        : '  Payments:     card / UnionPay / QR go to the providers configured',
      lineStandIn
        ? `  LINE:         members link LINE at the local stand-in; pushes are listed at ${lineStandIn.url}`
        : '  LINE:         members link the LINE Login channel LINE_LOGIN_CHANNEL_ID',
      liveSourceFor()
        ? '  Live:         no LEARNING_LIVE_ORIGIN, so the demo streams play a local ffmpeg test pattern (live in /admin/liveStreaming)'
        : '  Live:         streams come from LEARNING_LIVE_ORIGIN',
      process.env.BOOKINGS_SEED_DEMO === 'false'
        ? '  Bookings:     no demo key (BOOKINGS_SEED_DEMO=false)'
        : '  Bookings:     demo key RIAN-DEMO-2027 books the Price Action workshop (POST /api/bookings/bookings/key-check)',
      '  Stop with Ctrl+C.',
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  process.stderr.write(red(`\nnpm start failed: ${err.message}\n`));
  process.exit(1);
});
