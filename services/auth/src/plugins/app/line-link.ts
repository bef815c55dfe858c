import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kit } from '@rian/kit/service';
import type { Logger } from '@rian/kit/logger';
import { ProblemError } from '@rian/kit/errors';
import {
  LINE_CALLBACK_PATH,
  UserLineLinked,
  type LineLinkReply,
  type LineStartReply,
} from '@rian/proto-contracts/auth-social';
import { User } from '../../entities/user.js';

declare module 'fastify' {
  interface FastifyInstance {
    lineLinks: LineLinks;
  }
}

export interface LineLoginSettings {
  channelId: string;
  channelSecret: string;
  authorizeUrl: string;
  apiUrl: string;
  timeoutMs: number;
}

/** What LINE says about the member who signed in (the verified ID token). */
export interface LineIdentity {
  userId: string;
  displayName: string | null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** LINE answered, but not with what the protocol promises (or refused us): the link fails with 502. */
class LineRefused extends Error {}

/**
 * The server side of LINE Login v2.1 (web login, authorization code flow):
 * `POST /oauth2/v2.1/token` exchanges the code for an access token and an ID token, then
 * `POST /oauth2/v2.1/verify` (LINE checks the signature, `aud` = our channel, `exp` and the nonce)
 * answers the token's claims; we check `aud`, `exp` and `nonce` again and take `sub` as the LINE
 * user id. Every failure of LINE (refused, unreachable, slow, malformed) is `auth.line_failed` (502).
 */
export class LineLogin {
  constructor(
    private readonly settings: LineLoginSettings,
    private readonly logger: Logger,
  ) {}

  get configured(): boolean {
    return this.settings.channelId !== '';
  }

  /** LINE's authorize page for this link; PKCE (S256) binds the code to `codeVerifier`, kept server-side. */
  authorizeUrl(redirectUri: string, state: string, nonce: string, codeVerifier: string): string {
    const url = new URL(this.settings.authorizeUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings.channelId,
      redirect_uri: redirectUri,
      state,
      scope: 'profile openid',
      nonce,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  async identify(
    code: string,
    redirectUri: string,
    nonce: string,
    codeVerifier: string,
  ): Promise<LineIdentity> {
    const { channelId, channelSecret } = this.settings;
    try {
      const token = await this.post('/oauth2/v2.1/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: channelId,
        client_secret: channelSecret,
        code_verifier: codeVerifier,
      });
      if (typeof token.id_token !== 'string' || !token.id_token) {
        throw new LineRefused('the token answer has no id_token (was the openid scope granted?)');
      }
      const claims = await this.post('/oauth2/v2.1/verify', {
        id_token: token.id_token,
        client_id: channelId,
        nonce,
      });
      const aud = Array.isArray(claims.aud) ? claims.aud.map(String) : [String(claims.aud)];
      if (!aud.includes(channelId)) throw new LineRefused('the ID token is for another channel');
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) {
        throw new LineRefused('the ID token has expired');
      }
      if (claims.nonce !== nonce) throw new LineRefused('the ID token carries another nonce');
      if (typeof claims.sub !== 'string' || !/^[^\s]{1,64}$/.test(claims.sub)) {
        throw new LineRefused('the ID token has no usable sub');
      }
      return {
        userId: claims.sub,
        displayName: typeof claims.name === 'string' && claims.name ? claims.name.slice(0, 200) : null,
      };
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'LINE Login failed');
      throw new ProblemError('auth.line_failed');
    }
  }

  private async post(path: string, form: Record<string, string>): Promise<Json> {
    const res = await fetch(`${this.settings.apiUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok || !isObject(body)) {
      const said = isObject(body) ? `${String(body.error)}: ${String(body.error_description)}` : '';
      throw new LineRefused(`LINE ${path} answered ${res.status} ${said}`.trim());
    }
    return body;
  }
}

/** What POST /me/line/start keeps under the state until the callback (one use). */
interface PendingLink {
  userId: string;
  nonce: string;
  /** PKCE: its S256 hash went to LINE with the authorize request */
  codeVerifier: string;
}

const stateKey = (state: string) => `auth:line-state:${state}`;

/**
 * A member links their LINE account (D150): `start` keeps a random state (bound to the member,
 * with the nonce) in Redis for LINE_LOGIN_STATE_TTL_SECONDS; `finish` takes it back once, has LINE
 * confirm who signed in, and stores the LINE user id with auth.user.line-linked in the same
 * transaction (outbox). One LINE account belongs to at most one member (D151).
 */
export class LineLinks {
  constructor(
    private readonly kit: Kit,
    private readonly line: LineLogin,
    private readonly siteUrl: string,
    private readonly stateTtlSeconds: number,
  ) {}

  get redirectUri(): string {
    return `${this.siteUrl.replace(/\/+$/, '')}${LINE_CALLBACK_PATH}`;
  }

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  private async member(em: EntityManager, userId: string) {
    const user = await em.findOne(User, { id: userId });
    if (!user) throw new ProblemError('auth.user_not_found');
    return user;
  }

  async view(userId: string): Promise<LineLinkReply> {
    return this.viewOf(await this.member(this.em(), userId));
  }

  private viewOf(user: {
    lineUserId?: string | null;
    lineLinkedAt?: Date | null;
    lineDisplayName?: string | null;
  }): LineLinkReply {
    const linked = Boolean(user.lineUserId);
    return {
      configured: this.line.configured,
      linked,
      linkedAt: linked && user.lineLinkedAt ? user.lineLinkedAt.toISOString() : null,
      displayName: linked ? (user.lineDisplayName ?? null) : null,
    };
  }

  async start(userId: string): Promise<LineStartReply> {
    if (!this.line.configured) throw new ProblemError('auth.line_not_configured');
    await this.member(this.em(), userId);
    const state = randomBytes(24).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    const codeVerifier = randomBytes(48).toString('base64url');
    const pending: PendingLink = { userId, nonce, codeVerifier };
    await this.kit.redis.set(stateKey(state), JSON.stringify(pending), 'EX', this.stateTtlSeconds);
    return {
      authorizeUrl: this.line.authorizeUrl(this.redirectUri, state, nonce, codeVerifier),
      redirectUri: this.redirectUri,
    };
  }

  async finish(userId: string, code: string, state: string): Promise<LineLinkReply> {
    if (!this.line.configured) throw new ProblemError('auth.line_not_configured');
    const key = stateKey(state);
    const raw = await this.kit.redis.get(key);
    const pending = raw ? (JSON.parse(raw) as PendingLink) : undefined;
    // another member's state stays theirs (it is not spent by someone who got hold of it)
    if (!pending || pending.userId !== userId) throw new ProblemError('auth.line_state_invalid');
    // one use: of two callbacks racing with the same state, only the one that takes it goes on
    if ((await this.kit.redis.getdel(key)) === null) throw new ProblemError('auth.line_state_invalid');
    const identity = await this.line.identify(code, this.redirectUri, pending.nonce, pending.codeVerifier);
    try {
      const user = await this.em().transactional(async (em) => {
        const user = await this.member(em, userId);
        const holder = await em.findOne(User, { lineUserId: identity.userId, id: { $ne: userId } });
        if (holder) throw new ProblemError('auth.line_already_linked');
        const changedAt = new Date();
        const same = user.lineUserId === identity.userId;
        user.lineDisplayName = identity.displayName;
        if (same) return user;
        user.lineUserId = identity.userId;
        user.lineLinkedAt = changedAt;
        this.kit.outbox.add(em, UserLineLinked, {
          userId,
          lineUserId: identity.userId,
          changedAt: changedAt.toISOString(),
        });
        return user;
      });
      return this.viewOf(user);
    } catch (err) {
      // another member linked the same LINE account between our check and our write
      if (err instanceof UniqueConstraintViolationException)
        throw new ProblemError('auth.line_already_linked');
      throw err;
    }
  }

  /** Unlinks (auth.user.line-linked with lineUserId null); unlinking an unlinked member changes nothing. */
  async unlink(userId: string): Promise<LineLinkReply> {
    const user = await this.em().transactional(async (em) => {
      const user = await this.member(em, userId);
      if (!user.lineUserId) return user;
      const changedAt = new Date();
      user.lineUserId = null;
      user.lineDisplayName = null;
      user.lineLinkedAt = null;
      this.kit.outbox.add(em, UserLineLinked, {
        userId,
        lineUserId: null,
        changedAt: changedAt.toISOString(),
      });
      return user;
    });
    return this.viewOf(user);
  }
}

/** Decorates `app.lineLinks`. */
export const lineLinkPlugin = fp(
  async (app) => {
    const config = app.authConfig;
    const line = new LineLogin(
      {
        channelId: config.LINE_LOGIN_CHANNEL_ID,
        channelSecret: config.LINE_LOGIN_CHANNEL_SECRET,
        authorizeUrl: config.LINE_LOGIN_AUTHORIZE_URL,
        apiUrl: config.LINE_LOGIN_API_URL,
        timeoutMs: config.LINE_LOGIN_TIMEOUT_MS,
      },
      app.kit.logger,
    );
    app.decorate(
      'lineLinks',
      new LineLinks(app.kit, line, config.SITE_URL, config.LINE_LOGIN_STATE_TTL_SECONDS),
    );
  },
  { name: 'auth-line-links', dependencies: ['auth-accounts'] },
);
