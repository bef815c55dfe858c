import { ProblemError } from '@rian/kit/errors';

/** The tus protocol (https://tus.io/protocols/resumable-upload) version and extensions served here. */
export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,termination';
export const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

type Headers = Record<string, string | string[] | undefined>;

const one = (h: Headers, name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Every request but OPTIONS names the protocol version; another one is 412 (with Tus-Version). */
export function checkTusVersion(h: Headers): void {
  if (one(h, 'tus-resumable') !== TUS_VERSION) {
    throw new ProblemError('media.tus_version', { headers: { 'tus-version': TUS_VERSION } });
  }
}

/** A header that must be a non-negative integer (Upload-Length, Upload-Offset). */
export function integerHeader(h: Headers, name: string): number {
  const v = one(h, name);
  if (v === undefined || !/^\d{1,16}$/.test(v) || !Number.isSafeInteger(Number(v))) {
    throw new ProblemError('media.upload_invalid', { detail: `${name} must be a non-negative integer` });
  }
  return Number(v);
}

export function optionalIntegerHeader(h: Headers, name: string): number | undefined {
  return one(h, name) === undefined ? undefined : integerHeader(h, name);
}

/** Upload-Metadata: `key base64value` pairs separated by commas; a value may be absent. */
export function parseMetadata(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value) return out;
  for (const pair of value.split(',')) {
    const [key, encoded] = pair.trim().split(' ');
    if (!key || !/^[A-Za-z0-9._-]{1,64}$/.test(key)) {
      throw new ProblemError('media.upload_invalid', { detail: 'Upload-Metadata is not valid' });
    }
    if (encoded && !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) {
      throw new ProblemError('media.upload_invalid', { detail: 'Upload-Metadata is not valid' });
    }
    out[key] = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  }
  return out;
}

/** Where the gateway exposes this service (`/api/media`), from its X-Forwarded-Prefix; '' when called directly. */
export function publicPrefix(h: Headers): string {
  const p = one(h, 'x-forwarded-prefix');
  return p && /^\/[A-Za-z0-9/_-]{0,100}$/.test(p) ? p.replace(/\/+$/, '') : '';
}
