// `npm run compose:env`: writes the `.env` that docker-compose.yml reads, beside it (git-ignored),
// with a fresh random value for every secret the laptop stack needs. Run it once before the first
// `docker compose up --build`; compose refuses to start without it (each secret is `${NAME:?…}`).
// A value already in `.env` is kept, so running it again only adds what a newer compose file needs
// (changing POSTGRES_PASSWORD after the first start would lock the services out of the database
// volume). `--print` writes the values to stdout instead (for a CI secret store, say).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ENV_FILE = join(ROOT, '.env');

const hex32 = () => randomBytes(32).toString('hex');
const b64url = (n) => randomBytes(n).toString('base64url');

/** name → [how it is made, what it is] */
export const GENERATED = {
  POSTGRES_PASSWORD: [() => b64url(24), 'the postgres role of the compose database'],
  ADMIN_USERNAME: [() => 'admin', 'the first staff account'],
  ADMIN_PASSWORD: [() => b64url(18), "the first staff account's password"],
  MEDIA_URL_SECRET: [() => b64url(32), 'signs private media URLs (learning signs, media checks)'],
  ORDERS_SECRET_KEY: [hex32, 'book delivery phones at rest (AES-256-GCM, 64 hex digits)'],
  LEARNING_SECRET_KEY: [hex32, 'Zoom passcodes at rest (64 hex digits)'],
  BOOKINGS_SECRET_KEY: [hex32, 'booking phones at rest (64 hex digits)'],
  BOOKINGS_URL_SECRET: [() => b64url(32), 'signs booking slip URLs'],
  PAYMENTS_URL_SECRET: [() => b64url(32), 'signs payment slip URLs'],
  PAYMENTS_REF_KEY: [() => b64url(32), "the payment pages' {ref} key (32 bytes, base64url)"],
  MINIO_ROOT_USER: [() => 'rian', "MinIO's root user (media's bucket)"],
  MINIO_ROOT_PASSWORD: [() => b64url(24), "MinIO's root password"],
};

/** KEY=value lines of a .env file (no quoting: every generated value is [A-Za-z0-9_-]) */
export function parseEnv(text) {
  const out = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) out[m[1]] = m[2].trim();
  }
  return out;
}

/** the .env text: what `existing` has, plus a generated value for each missing name */
export function makeEnv(existing = {}) {
  const lines = [
    '# Made by `npm run compose:env` (deploy/docker/make-env.mjs) for docker-compose.yml: local secrets,',
    '# random per checkout. Keep this file to yourself; `docker compose down -v` before changing',
    '# POSTGRES_PASSWORD or MINIO_ROOT_PASSWORD (the volumes keep the old ones).',
  ];
  const added = [];
  for (const [name, [make, what]] of Object.entries(GENERATED)) {
    const value = existing[name] ?? make();
    if (existing[name] === undefined) added.push(name);
    lines.push(`# ${what}`, `${name}=${value}`);
  }
  const others = Object.keys(existing).filter((k) => !(k in GENERATED));
  if (others.length) lines.push('# set by hand', ...others.map((k) => `${k}=${existing[k]}`));
  return { text: `${lines.join('\n')}\n`, added };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const existing = existsSync(ENV_FILE) ? parseEnv(readFileSync(ENV_FILE, 'utf8')) : {};
  const { text, added } = makeEnv(existing);
  if (process.argv.includes('--print')) process.stdout.write(text);
  else {
    writeFileSync(ENV_FILE, text, { mode: 0o600 });
    process.stdout.write(
      added.length
        ? `${ENV_FILE}: generated ${added.join(', ')}\nstaff sign-in: ${parseEnv(text).ADMIN_USERNAME} / the ADMIN_PASSWORD in .env\n`
        : `${ENV_FILE}: every value was already there; nothing changed\n`,
    );
  }
}
