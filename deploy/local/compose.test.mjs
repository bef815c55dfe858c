// Issue 19 item 1: what CI can check of `docker compose up --build` without Docker. The compose file
// is valid against the Compose Specification's schema (vendored: deploy/docker/compose-spec.json),
// every program container starts from what compose gives it (its readConfig, with the secrets of a
// fresh `npm run compose:env`), sets nothing the program does not read, leaves no setting at a
// default that points at this machine, and handles every `inProduction` setting for the NODE_ENV it
// runs with; ports are published on 127.0.0.1 only; no password or key is written in the file; and
// the Dockerfile, compose and deploy/docker/programs.mjs name the same programs, workspaces and files.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { GENERATED, makeEnv, parseEnv } from '../docker/make-env.mjs';
import { PROGRAMS, RUNTIME_COPIES, RUNTIME_WORKSPACES } from '../docker/programs.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const Ajv = require('ajv');

const composeText = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true });
const dockerfile = readFileSync(join(ROOT, 'deploy/docker/Dockerfile'), 'utf8');

/** Compose's interpolation: ${X}, ${X:-d}, ${X-d}, ${X:?err}, ${X?err}, and $$ for a literal $ */
function interpolate(value, vars) {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?)([-?])([^}]*))?\}/g, (all, name, colon, op, arg) => {
    if (all === '$$') return '$';
    const v = vars[name];
    const missing = v === undefined || (colon === ':' && v === '');
    if (!op) return v ?? '';
    if (op === '-') return missing ? arg : v;
    if (missing) throw new Error(`${name}: ${arg}`);
    return v;
  });
}

/** a program container's environment as the program sees it */
function containerEnv(service, vars) {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)]),
  );
}

const configOf = (name) =>
  import(
    pathToFileURL(join(ROOT, name === 'gateway' ? 'gateway' : `services/${name}`, 'src/config.ts')).href
  );

/** the programs whose settings come from a ConfigSchema (the simulator takes arguments) */
const CONFIGURED = PROGRAMS.filter((p) => p.name !== 'payments-simulator').map((p) => p.name);

/**
 * `inProduction` settings compose leaves at their development default, and why that is right on a
 * laptop (NODE_ENV=development there: production would refuse each of them)
 */
const DEVELOPMENT_DEFAULT_IS_RIGHT = {
  SELLER_NAME: "the example seller on tax invoices: a laptop's orders are not real sales",
  SELLER_TAX_ID: 'as SELLER_NAME',
  SELLER_ADDRESS: 'as SELLER_NAME',
  PAYMENTS_CARD_MERCHANT_ID: "the simulator's merchant id",
  PAYMENTS_PROMPTPAY_ID: 'the example PromptPay id: QR payments on a laptop move no money',
};

const ROOT_PATH = ROOT.replace(/\/+$/, '');
/** a default that only makes sense on the machine that runs `npm start`: an address or a checkout path */
const machineBound = (v) =>
  typeof v === 'string' && (/127\.0\.0\.1|localhost/.test(v) || v.startsWith(ROOT_PATH));

const fresh = parseEnv(makeEnv().text);
const programServices = Object.entries(compose.services).filter(([, s]) => s.build?.args?.SERVICE);

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'deploy/docker/compose-spec.json'), 'utf8'));
    delete schema.$schema; // draft-07, Ajv 6's own
    const validate = new Ajv({ allErrors: true }).compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
    // and the check has teeth: a misspelt key and a port as an object are refused
    expect(validate({ services: { x: { image: 'a', restrat: 'always' } } })).toBe(false);
    expect(validate({ services: { x: { image: 'a', ports: [{ publish: 1 }] } } })).toBe(false);
  });

  it('runs every program of the image, each from its own SERVICE, and nothing the image does not have', () => {
    expect(programServices.map(([name]) => name).sort()).toEqual(PROGRAMS.map((p) => p.name).sort());
    for (const [name, s] of programServices) {
      expect(s.build.args.SERVICE, name).toBe(name);
      expect(s.environment.SERVICE, name).toBe(name);
      expect(s.build.dockerfile).toBe('deploy/docker/Dockerfile');
    }
  });

  it('publishes ports on 127.0.0.1 only', () => {
    const published = Object.entries(compose.services).flatMap(([name, s]) =>
      (s.ports ?? []).map((p) => [name, String(p)]),
    );
    expect(published.length).toBeGreaterThan(0);
    for (const [name, p] of published) expect(p, name).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    expect(published.map(([, p]) => p)).toEqual(
      expect.arrayContaining(['127.0.0.1:3000:3000', '127.0.0.1:8025:8025', '127.0.0.1:3109:3109']),
    );
  });

  it('depends only on services it has, and the simulator shares the network of one', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      for (const dep of Object.keys(s.depends_on ?? {}))
        expect(compose.services, `${name} → ${dep}`).toHaveProperty([dep]);
      const ns = /^service:(.+)$/.exec(s.network_mode ?? '')?.[1];
      if (ns) expect(compose.services, `${name} network_mode`).toHaveProperty([ns]);
    }
  });

  it('writes no password or key: each comes from .env, and compose refuses to start without it', () => {
    const secretName = /PASSWORD|SECRET|_KEY$|_KEY_ID$/;
    const raw = parse(composeText, { merge: true });
    const required = new Set();
    for (const [name, s] of Object.entries(raw.services)) {
      for (const [k, v] of Object.entries(s.environment ?? {})) {
        if (!secretName.test(k)) continue;
        const m = /\$\{([A-Z0-9_]+):\?[^}]*\}/.exec(String(v));
        expect(m, `${name}.${k} = ${v}`).not.toBeNull();
        required.add(m[1]);
      }
    }
    // make-env generates every one of them, and without .env interpolation fails on each
    for (const name of required) {
      expect(GENERATED, name).toHaveProperty([name]);
      expect(() => interpolate(`\${${name}:?run npm run compose:env}`, {})).toThrow(name);
    }
    expect([...required]).toEqual(
      expect.arrayContaining(['ADMIN_PASSWORD', 'POSTGRES_PASSWORD', 'MEDIA_URL_SECRET']),
    );
    // two runs of make-env draw different secrets, and a second run keeps the first one's values
    const again = parseEnv(makeEnv().text);
    expect(again.ADMIN_PASSWORD).not.toBe(fresh.ADMIN_PASSWORD);
    expect(parseEnv(makeEnv(fresh).text)).toEqual(fresh);
  });

  for (const name of CONFIGURED) {
    it(`${name} starts from what compose gives it (NODE_ENV=development), every setting handled`, async () => {
      const service = compose.services[name];
      const env = containerEnv(service, fresh);
      expect(env.NODE_ENV).toBe('development');
      const { ConfigSchema, readConfig } = await configOf(name);
      expect(() => readConfig(env)).not.toThrow();
      const keys = Object.keys(ConfigSchema.properties);
      // nothing set that the program does not read (a misspelt name would silently do nothing)
      const unread = Object.keys(env).filter(
        (k) => !['NODE_ENV', 'SERVICE'].includes(k) && !keys.includes(k),
      );
      expect(unread).toEqual([]);
      for (const [key, prop] of Object.entries(ConfigSchema.properties)) {
        const set = env[key] !== undefined;
        // a default that points at this machine (127.0.0.1, the checkout) is wrong in a container
        if (machineBound(prop.default) && key !== 'TRUST_PROXY')
          expect(set, `${name}: ${key} must be set`).toBe(true);
        // what production would refuse: set here, or its development default is right on a laptop
        if (prop.production && !set)
          expect(DEVELOPMENT_DEFAULT_IS_RIGHT, `${name}: ${key}`).toHaveProperty([key]);
        // and nothing in a container listens for this machine's 127.0.0.1 (the simulator's
        // addresses are the browser's, on the laptop)
        if (set && /127\.0\.0\.1/.test(env[key])) expect.fail(`${name}: ${key}=${env[key]}`);
      }
    });
  }

  it('signs and checks private media URLs with one key, and points payments at the simulator', () => {
    const media = containerEnv(compose.services.media, fresh);
    const learning = containerEnv(compose.services.learning, fresh);
    expect(media.MEDIA_URL_SECRET).toBe(learning.MEDIA_URL_SECRET);
    const payments = containerEnv(compose.services.payments, fresh);
    const simulator = compose.services['payments-simulator'];
    const publicUrl = simulator.command[simulator.command.indexOf('--public-url') + 1];
    expect(payments.PAYMENTS_CARD_FORM_URL.startsWith(publicUrl)).toBe(true);
    expect(simulator.network_mode).toBe('service:gateway');
    expect(payments.PAYMENTS_KBANK_API_URL).toBe(
      `http://gateway:${simulator.command[simulator.command.indexOf('--port') + 1]}`,
    );
    expect(containerEnv(compose.services.gateway, fresh).CSP_FORM_ACTION_ORIGINS).toBe(publicUrl);
  });
});

describe('the Dockerfile and deploy/docker/programs.mjs agree', () => {
  it('installs the production dependencies of exactly the programs’ workspaces', () => {
    const stage = dockerfile.slice(dockerfile.indexOf('AS prod-deps'), dockerfile.indexOf('AS runtime'));
    const workspaces = [...stage.matchAll(/-w (\S+)/g)].map((m) => m[1]);
    expect(workspaces.sort()).toEqual([...RUNTIME_WORKSPACES].sort());
    expect(stage).toMatch(/npm ci --omit=dev/);
  });

  it('copies exactly the build output the stages script copies, and no sources', () => {
    const copies = [...dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) \.\/(\S+)$/gm)].map((m) => {
      expect(m[2]).toBe(m[1]);
      return m[1];
    });
    expect(copies.sort()).toEqual([...RUNTIME_COPIES].sort());
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).not.toMatch(/^COPY \. /m);
    expect(runtime).toMatch(/^USER node$/m);
  });

  it('its entry point runs each program’s bundle, and refuses a name it does not know', () => {
    const entry = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)[1]);
    expect(entry.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    const dir = mkdtempSync(join(tmpdir(), 'rian-entry-'));
    try {
      for (const p of PROGRAMS) {
        mkdirSync(join(dir, dirname(p.out)), { recursive: true });
        writeFileSync(
          join(dir, p.out),
          `console.log(${JSON.stringify(p.name)}, ...process.argv.slice(2));\n`,
        );
      }
      for (const p of PROGRAMS) {
        const res = spawnSync('sh', ['-c', entry[2], entry[3], '--port', '1'], {
          cwd: dir,
          env: { PATH: process.env.PATH, SERVICE: p.name },
          encoding: 'utf8',
        });
        expect(res.stdout.trim(), p.name).toBe(`${p.name} --port 1`);
      }
      for (const bad of ['', 'kit', '../gateway', 'nope']) {
        const res = spawnSync('sh', ['-c', entry[2], entry[3]], {
          cwd: dir,
          env: { PATH: process.env.PATH, SERVICE: bad },
          encoding: 'utf8',
        });
        expect(res.status, bad).toBe(64);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('its health check knows every program’s port', () => {
    const check = /^HEALTHCHECK[\s\S]*?CMD (\[.*\])$/m.exec(dockerfile);
    const script = JSON.parse(check[1])[2];
    for (const p of PROGRAMS)
      expect(script, p.name).toContain(`${/-/.test(p.name) ? `'${p.name}'` : p.name}:${p.port}`);
  });
});
