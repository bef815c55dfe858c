import { createHmac } from 'node:crypto';
import { createBreaker, BreakerOpenError, type Breaker } from '@rian/kit/breaker';
import { ProblemError } from '@rian/kit/errors';
import type { Logger } from '@rian/kit/logger';
import type { SocialProfile } from '@rian/proto-contracts/auth-social';

export interface FacebookSettings {
  appId: string;
  appSecret: string;
  graphUrl: string;
  timeoutMs: number;
}

/** Graph answered 4xx: the token (or our request) is refused — Facebook itself is fine. */
class GraphRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Graph API refused the request (${status})`);
    this.name = 'GraphRefused';
  }
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// Graph's throttling codes arrive as 4xx too, but mean "Facebook is busy", not "bad token"
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

function isRateLimit(status: number, body: unknown): boolean {
  const code = isObject(body) && isObject(body.error) ? body.error.code : undefined;
  return status === 429 || (typeof code === 'number' && RATE_LIMIT_CODES.has(code));
}

/**
 * Server-side check of a Facebook access token (manual login flow): `debug_token` with our app token
 * proves the token is valid and was issued to our app, then `/me` reads the profile. Calls go through
 * a breaker, so an unreachable or slow Graph answers 503 at once instead of holding sign-ins.
 */
export class FacebookGraph {
  private readonly graph: Breaker<[string, Record<string, string>], Json>;

  constructor(
    private readonly settings: FacebookSettings,
    private readonly logger: Logger,
  ) {
    this.graph = createBreaker((path: string, query: Record<string, string>) => this.get(path, query), {
      name: 'facebook-graph',
      logger,
      timeoutMs: settings.timeoutMs,
      resetTimeoutMs: 10_000,
      volumeThreshold: 3,
      // a refused token says nothing about Facebook's health
      isFailure: (err) => !(err instanceof GraphRefused),
    });
  }

  get configured(): boolean {
    return this.settings.appId !== '';
  }

  /** The profile behind a valid user access token of our app; 401 `auth.social_token_invalid` otherwise. */
  async verify(accessToken: string): Promise<SocialProfile> {
    if (!this.configured) throw new ProblemError('service.unavailable');
    const { appId, appSecret } = this.settings;
    const debug = await this.call('debug_token', {
      input_token: accessToken,
      access_token: `${appId}|${appSecret}`,
    });
    const data = isObject(debug.data) ? debug.data : {};
    // a token of another app must not sign anyone in here (the "confused deputy" of implicit flows)
    if (data.is_valid !== true || String(data.app_id) !== appId) {
      throw new ProblemError('auth.social_token_invalid');
    }
    const me = await this.call('me', {
      fields: 'id,name,email,picture.type(large)',
      access_token: accessToken,
      // proves the call comes from the app's server (Graph's "Require App Secret" setting)
      appsecret_proof: createHmac('sha256', appSecret).update(accessToken).digest('hex'),
    });
    if (
      typeof me.id !== 'string' ||
      !me.id ||
      (data.user_id !== undefined && String(data.user_id) !== me.id)
    ) {
      throw new ProblemError('auth.social_token_invalid');
    }
    const picture = isObject(me.picture) && isObject(me.picture.data) ? me.picture.data : {};
    return {
      id: me.id,
      name: typeof me.name === 'string' ? me.name : '',
      email: typeof me.email === 'string' && me.email ? me.email.trim().toLowerCase() : null,
      pictureUrl: typeof picture.url === 'string' ? picture.url : null,
    };
  }

  private async call(path: string, query: Record<string, string>): Promise<Json> {
    try {
      return await this.graph.run(path, query);
    } catch (err) {
      if (err instanceof GraphRefused) {
        this.logger.info({ path, status: err.status, graph: err.body }, 'Facebook refused the token');
        throw new ProblemError('auth.social_token_invalid');
      }
      if (err instanceof BreakerOpenError) throw new ProblemError('service.unavailable');
      this.logger.warn({ path, err: (err as Error).message }, 'Facebook Graph unavailable');
      throw new ProblemError('service.unavailable');
    }
  }

  private async get(path: string, query: Record<string, string>): Promise<Json> {
    const url = new URL(`${this.settings.graphUrl.replace(/\/+$/, '')}/${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    const body: unknown = await res.json().catch(() => undefined);
    if (res.status >= 400 && res.status < 500 && !isRateLimit(res.status, body)) {
      throw new GraphRefused(res.status, body);
    }
    if (!res.ok || !isObject(body)) throw new Error(`Graph API answered ${res.status}`);
    return body;
  }
}
