import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml as esc, FakeParty, json, readBody, runFakePartyIfMain } from './testing-fake-party.js';

/**
 * A local stand-in for LINE (issue 20), speaking the parts of its protocols Rian uses, on a real
 * HTTP server (D152):
 *
 * LINE Login v2.1 (auth links a member's LINE account):
 *   GET  /oauth2/v2.1/authorize   response_type=code, client_id, redirect_uri, state, scope, nonce
 *                                 [, code_challenge + code_challenge_method=S256 (PKCE)] →
 *                                 a page "Sign in to LINE (local stand-in)" with a button per test
 *                                 user and Cancel; the buttons POST here and the browser is sent to
 *                                 redirect_uri?code=…&state=… (Cancel: ?error=access_denied&state=…)
 *   POST /oauth2/v2.1/token       form grant_type=authorization_code, code, redirect_uri, client_id,
 *                                 client_secret → { access_token, id_token (HS256 with the channel
 *                                 secret, as LINE signs web-login ID tokens), expires_in, … }; a code
 *                                 works once, with the redirect_uri it was issued for (and the
 *                                 code_verifier of its code_challenge, when it had one)
 *   POST /oauth2/v2.1/verify      form id_token, client_id[, nonce] → the token's claims (sub = the
 *                                 LINE user id), or 400 { error, error_description }
 *   GET  /v2/profile              Bearer access token → { userId, displayName }
 * LINE Messaging API (notifications pushes to linked members):
 *   POST /v2/bot/message/push     Bearer channel access token, JSON { to, messages[1..5] }
 *                                 [X-Line-Retry-Key] → 200 { sentMessages }, recorded in `pushes`;
 *                                 a retry key LINE accepted before answers 409 and is not carried
 *                                 out again (as LINE does); a wrong token 401, a bad body 400
 *   GET  /                        the pushes received, newest first (for a person running npm start)
 *
 * For tests: `await line.start()`, `line.url` (the API base and the authorize host),
 * `line.authorizeUrl`, `line.loginEnv` / `line.messagingEnv` (the services' settings pointed here),
 * `line.pushes` (what LINE carried out: the messages members received), `line.requests` (every push
 * request that reached it, refused ones too, with its Authorization, retry key and answer),
 * `await line.waitForPushes(n[, { where }])`, `line.api = 'ok' | 'error' | 'hang' | 'lost'` ('error':
 * every API call answers 500 and nothing is carried out — LINE down; 'hang': never answers; 'lost':
 * a push is carried out but answered 500 — the answer lost, so a retry with its key gets 409),
 * `line.approve(authorizeUrl, user)` (acts as the member pressing the button: returns the callback's
 * code and state), `await line.close()`.
 * Standalone (npm start): `node --import tsx services/kit/src/testing-line.ts --port 3111
 *   [--channel-id ID] [--channel-secret S] [--messaging-token T]` prints its URL.
 */

export interface FakeLineUser {
  userId: string;
  displayName: string;
}

/** LINE user ids are "U" and 32 hex digits. */
export const FAKE_LINE_USERS: readonly FakeLineUser[] = [
  { userId: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801', displayName: 'Somchai (LINE)' },
  { userId: 'U2b3c4d5e6f708192a3b4c5d6e7f80912', displayName: 'Nok (LINE)' },
];

/** The development defaults npm start gives auth and notifications (not secrets: a local stand-in). */
export const FAKE_LINE_DEFAULTS = {
  channelId: '1650000000',
  channelSecret: 'local-line-login-channel-secret',
  messagingToken: 'local-line-messaging-token',
} as const;

/** A push LINE carried out. */
export interface FakeLinePush {
  to: string;
  messages: unknown[];
  /** the messages' texts, one after another on lines of their own (a non-text one as [its type]) */
  text: string;
  retryKey: string | null;
  /** the Authorization header it came with ("Bearer <channel access token>") */
  authorization: string;
  at: string;
}

/** A push request as it reached the stand-in, whatever the answer. */
export interface FakeLinePushRequest {
  /** null when the body had no `to` string */
  to: string | null;
  /** [] when the body had no `messages` array */
  messages: unknown[];
  text: string;
  retryKey: string | null;
  authorization: string | null;
  /** the HTTP status it was answered (null: not answered, `api = 'hang'`) */
  status: number | null;
  at: string;
}

const textOf = (messages: unknown[]): string =>
  messages
    .map((m) => {
      const { type, text } = (m ?? {}) as { type?: unknown; text?: unknown };
      return type === 'text' && typeof text === 'string' ? text : `[${String(type)}]`;
    })
    .join('\n');

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  nonce: string | undefined;
  /** PKCE (S256) when the authorize request had one */
  codeChallenge: string | undefined;
  user: FakeLineUser;
  used: boolean;
}

/** The stand-in's answer when told to fail (`api = 'error'` or 'lost'). */
const FAILING = { message: 'the LINE stand-in was told to fail' };

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1rem;margin:.25rem 0;display:block;width:100%;cursor:pointer}
.line{background:#06c755;color:#fff;border:0;border-radius:6px}pre{white-space:pre-wrap;background:#f4f4f4;padding:.5rem}</style>
</head><body>${body}</body></html>`);
}

export class FakeLine extends FakeParty {
  readonly channelId: string;
  readonly channelSecret: string;
  readonly messagingToken: string;
  /** what POST /v2/bot/message/push carried out (the messages members received), oldest first */
  readonly pushes: FakeLinePush[] = [];
  /** every POST /v2/bot/message/push that reached it, refused or not, oldest first */
  readonly requests: FakeLinePushRequest[] = [];
  /**
   * 'error': every API call answers 500 and nothing is carried out (LINE down); 'hang': no API call
   * is answered; 'lost': a push is carried out but answered 500 (its answer lost: a retry with the
   * same retry key then gets 409), the Login calls answer as usual
   */
  api: 'ok' | 'error' | 'hang' | 'lost' = 'ok';
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, FakeLineUser>();
  private readonly retryKeys = new Set<string>();
  private readonly pushWaiters: (() => void)[] = [];

  constructor(
    opts: {
      port?: number;
      host?: string;
      publicUrl?: string;
      channelId?: string;
      channelSecret?: string;
      messagingToken?: string;
    } = {},
  ) {
    super(opts);
    this.channelId = opts.channelId ?? FAKE_LINE_DEFAULTS.channelId;
    this.channelSecret = opts.channelSecret ?? FAKE_LINE_DEFAULTS.channelSecret;
    this.messagingToken = opts.messagingToken ?? FAKE_LINE_DEFAULTS.messagingToken;
  }

  get authorizeUrl(): string {
    return `${this.url}/oauth2/v2.1/authorize`;
  }

  /** The settings auth reads (LINE_LOGIN_*) pointed at this stand-in. */
  get loginEnv(): Record<string, string> {
    return {
      LINE_LOGIN_CHANNEL_ID: this.channelId,
      LINE_LOGIN_CHANNEL_SECRET: this.channelSecret,
      LINE_LOGIN_AUTHORIZE_URL: this.authorizeUrl,
      LINE_LOGIN_API_URL: this.url,
    };
  }

  /** The settings notifications reads (LINE_MEMBER_*) pointed at this stand-in. */
  get messagingEnv(): Record<string, string> {
    return { LINE_MEMBER_CHANNEL_TOKEN: this.messagingToken, LINE_MEMBER_API_URL: this.url };
  }

  async close(): Promise<void> {
    await this.stop();
  }

  /**
   * Resolves once `count` pushes in all — or, with `where`, `count` pushes it matches — have been
   * carried out (a positive signal for tests); answers those pushes, oldest first.
   */
  async waitForPushes(
    count: number,
    opts: number | { where?: (push: FakeLinePush) => boolean; timeoutMs?: number } = {},
  ): Promise<FakeLinePush[]> {
    const { where = () => true, timeoutMs = 10_000 } = typeof opts === 'number' ? { timeoutMs: opts } : opts;
    const deadline = Date.now() + timeoutMs;
    const matching = () => this.pushes.filter(where);
    while (matching().length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`LINE stand-in: ${matching().length} of ${count} pushes received`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.pushWaiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return matching();
  }

  /**
   * Acts as the member on LINE's authorize page: opens `authorizeUrl` and presses the button of
   * `user` (or Cancel). Returns what LINE put on the redirect back (code and state, or error).
   */
  async approve(
    authorizeUrl: string,
    user: FakeLineUser | 'cancel' = FAKE_LINE_USERS[0]!,
  ): Promise<{ redirect: URL; code: string | null; state: string | null; error: string | null }> {
    const pageRes = await fetch(authorizeUrl);
    if (pageRes.status !== 200) throw new Error(`authorize page answered ${pageRes.status}`);
    const html = await pageRes.text();
    const form = new URLSearchParams();
    const [, hidden] = /<form[^>]*>([\s\S]*?)<\/form>/.exec(html) ?? [];
    for (const m of (hidden ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      form.set(
        m[1]!,
        m[2]!.replace(/&#(\d+);/g, (_s, n: string) => String.fromCharCode(Number(n))),
      );
    }
    if (user === 'cancel') form.set('action', 'cancel');
    else {
      form.set('action', 'login');
      form.set('user_id', user.userId);
      form.set('display_name', user.displayName);
    }
    const res = await fetch(authorizeUrl.split('?')[0]!, { method: 'POST', body: form, redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}`);
    const redirect = new URL(location);
    return {
      redirect,
      code: redirect.searchParams.get('code'),
      state: redirect.searchParams.get('state'),
      error: redirect.searchParams.get('error'),
    };
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://line.local');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /oauth2/v2.1/authorize') return this.authorizePage(url, res);
    if (route === 'POST /oauth2/v2.1/authorize') return this.authorizeAnswer(req, res);
    if (route === 'GET /') return this.pushesPage(res);
    // a push is recorded in `requests` whatever the mode: it reached LINE
    if (route === 'POST /v2/bot/message/push') return this.push(req, res);
    if (this.api === 'hang') return this.hang(res);
    if (this.api === 'error') return json(res, 500, FAILING);
    if (route === 'POST /oauth2/v2.1/token') return this.token(req, res);
    if (route === 'POST /oauth2/v2.1/verify') return this.verify(req, res);
    if (route === 'GET /v2/profile') return this.profile(req, res);
    json(res, 404, { message: 'Not found' });
  }

  private authorizePage(url: URL, res: ServerResponse): void {
    const q = Object.fromEntries(url.searchParams);
    const problem =
      q.response_type !== 'code'
        ? 'response_type must be code'
        : q.client_id !== this.channelId
          ? 'unknown client_id'
          : !q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri)
            ? 'redirect_uri is missing'
            : !q.state
              ? 'state is missing'
              : !(q.scope ?? '').split(' ').includes('openid')
                ? 'scope must include openid'
                : q.code_challenge !== undefined && q.code_challenge_method !== 'S256'
                  ? 'code_challenge_method must be S256'
                  : undefined;
    if (problem) return page(res, 400, 'LINE Login error', `<h1>400 Bad Request</h1><p>${esc(problem)}</p>`);
    const hidden = ['client_id', 'redirect_uri', 'state', 'nonce', 'scope', 'code_challenge']
      .filter((k) => q[k] !== undefined)
      .map((k) => `<input type="hidden" name="${k}" value="${esc(q[k]!)}">`)
      .join('\n');
    const another: FakeLineUser = {
      userId: `U${randomBytes(16).toString('hex')}`,
      displayName: 'Another LINE account',
    };
    const buttons = [...FAKE_LINE_USERS, another]
      .map(
        (u) =>
          `<button class="line" type="submit" name="user" value="${esc(`${u.userId} ${u.displayName}`)}">Sign in as ${esc(u.displayName)}</button>`,
      )
      .join('\n');
    page(
      res,
      200,
      'Sign in to LINE (local stand-in)',
      `<h1>Sign in to LINE (local stand-in)</h1>
<p>This page stands in for LINE on this machine. A real site sends you to LINE here.</p>
<p>Rian (channel ${esc(this.channelId)}) asks for your profile and your LINE user id.</p>
<form method="post" action="/oauth2/v2.1/authorize">
${hidden}
${buttons}
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
    );
  }

  private async authorizeAnswer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const redirectUri = form.get('redirect_uri') ?? '';
    const state = form.get('state') ?? '';
    if (form.get('client_id') !== this.channelId || !/^https?:\/\//.test(redirectUri)) {
      return page(res, 400, 'LINE Login error', '<h1>400 Bad Request</h1>');
    }
    const back = new URL(redirectUri);
    if (form.get('action') === 'cancel') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied the request');
      back.searchParams.set('state', state);
    } else {
      // the page's buttons send "user=<id> <name>"; approve() sends user_id and display_name
      const [picked, ...name] = (form.get('user') ?? '').split(' ');
      const userId = form.get('user_id') ?? picked ?? '';
      const displayName = form.get('display_name') ?? name.join(' ');
      if (!/^U[0-9a-f]{32}$/.test(userId)) return page(res, 400, 'LINE Login error', '<h1>Unknown user</h1>');
      const code = randomBytes(15).toString('base64url');
      this.codes.set(code, {
        clientId: this.channelId,
        redirectUri,
        nonce: form.get('nonce') ?? undefined,
        codeChallenge: form.get('code_challenge') ?? undefined,
        user: { userId, displayName },
        used: false,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
    }
    res.writeHead(302, { location: back.toString(), 'cache-control': 'no-store' });
    res.end();
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    if (form.get('client_id') !== this.channelId || form.get('client_secret') !== this.channelSecret) {
      return json(res, 401, { error: 'invalid_client', error_description: 'invalid client' });
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return json(res, 400, { error: 'unsupported_grant_type', error_description: 'unsupported grant type' });
    }
    const issued = this.codes.get(form.get('code') ?? '');
    if (!issued || issued.used) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'invalid authorization code' });
    }
    if (issued.redirectUri !== form.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri does not match' });
    }
    if (issued.codeChallenge !== undefined) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== issued.codeChallenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'code_verifier does not match' });
      }
    }
    issued.used = true;
    const now = Math.floor(Date.now() / 1000);
    const accessToken = randomBytes(24).toString('base64url');
    this.accessTokens.set(accessToken, issued.user);
    const claims = {
      iss: 'https://access.line.me',
      sub: issued.user.userId,
      aud: this.channelId,
      exp: now + 3600,
      iat: now,
      ...(issued.nonce !== undefined ? { nonce: issued.nonce } : {}),
      amr: ['linesso'],
      name: issued.user.displayName,
    };
    json(res, 200, {
      access_token: accessToken,
      expires_in: 2_592_000,
      id_token: this.sign(claims),
      refresh_token: randomBytes(15).toString('base64url'),
      scope: form.get('scope') ?? 'profile openid',
      token_type: 'Bearer',
    });
  }

  private sign(claims: Record<string, unknown>): string {
    const head = `${b64(JSON.stringify({ typ: 'JWT', alg: 'HS256' }))}.${b64(JSON.stringify(claims))}`;
    return `${head}.${createHmac('sha256', this.channelSecret).update(head).digest('base64url')}`;
  }

  private async verify(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const bad = (description: string) =>
      json(res, 400, { error: 'invalid_request', error_description: description });
    const [head, body, sig] = (form.get('id_token') ?? '').split('.');
    if (!head || !body || !sig) return bad('Invalid IdToken.');
    const expected = createHmac('sha256', this.channelSecret).update(`${head}.${body}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return bad('Invalid IdToken.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (claims.aud !== form.get('client_id')) return bad('Invalid IdToken Audience.');
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return bad('IdToken expired.');
    const nonce = form.get('nonce');
    if (nonce !== null && claims.nonce !== nonce) return bad('Invalid IdToken Nonce.');
    json(res, 200, claims);
  }

  private profile(req: IncomingMessage, res: ServerResponse): void {
    const user = this.accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!user) return json(res, 401, { message: 'Authentication failed' });
    json(res, 200, { userId: user.userId, displayName: user.displayName });
  }

  private async push(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const raw = await readBody(req);
    let body: unknown;
    let parsed = true;
    try {
      body = JSON.parse(raw);
    } catch {
      parsed = false;
    }
    const { to, messages } = (parsed && typeof body === 'object' && body !== null ? body : {}) as {
      to?: unknown;
      messages?: unknown;
    };
    const list = Array.isArray(messages) ? (messages as unknown[]) : [];
    const request: FakeLinePushRequest = {
      to: typeof to === 'string' ? to : null,
      messages: list,
      text: textOf(list),
      retryKey: header('x-line-retry-key'),
      authorization: header('authorization'),
      status: null,
      at: new Date().toISOString(),
    };
    this.requests.push(request);
    const answer = (status: number, answerBody: unknown) => {
      request.status = status;
      json(res, status, answerBody);
    };

    if (this.api === 'hang') return this.hang(res);
    if (this.api === 'error') return answer(500, FAILING);
    if (request.authorization !== `Bearer ${this.messagingToken}`) {
      return answer(401, {
        message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
      });
    }
    if (!parsed) {
      return answer(400, {
        message: 'The request body has 1 error(s)',
        details: [{ message: 'invalid JSON' }],
      });
    }
    const details: { message: string; property: string }[] = [];
    if (typeof to !== 'string' || !to) details.push({ message: 'Must not be empty', property: 'to' });
    if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5) {
      details.push({ message: 'Size must be between 1 and 5', property: 'messages' });
    }
    if (details.length) {
      return answer(400, { message: `The request body has ${details.length} error(s)`, details });
    }
    const { retryKey } = request;
    if (retryKey !== null) {
      if (this.retryKeys.has(retryKey)) {
        res.setHeader('x-line-accepted-request-id', retryKey);
        return answer(409, { message: 'The retry key is already accepted' });
      }
      this.retryKeys.add(retryKey);
    }
    this.pushes.push({
      to: to as string,
      messages: list,
      text: request.text,
      retryKey,
      authorization: request.authorization,
      at: request.at,
    });
    for (const wake of this.pushWaiters.splice(0)) wake();
    // carried out, but the answer is lost on the way back
    if (this.api === 'lost') return answer(500, FAILING);
    answer(200, {
      sentMessages: list.map(() => ({
        id: String(Date.now()) + String(Math.floor(Math.random() * 1000)),
        quoteToken: randomBytes(12).toString('base64url'),
      })),
    });
  }

  private pushesPage(res: ServerResponse): void {
    const rows = [...this.pushes]
      .reverse()
      .map(
        (p) =>
          `<li><p>${esc(p.at)} → <code>${esc(p.to)}</code></p><pre>${esc(JSON.stringify(p.messages, null, 2))}</pre></li>`,
      )
      .join('\n');
    page(
      res,
      200,
      'LINE (local stand-in)',
      `<h1>LINE (local stand-in)</h1>
<p>LINE Login (channel ${esc(this.channelId)}) and the Messaging API for this machine. Pushes received: ${this.pushes.length}.</p>
${rows ? `<ol reversed>${rows}</ol>` : '<p>No pushes yet.</p>'}`,
    );
  }
}

await runFakePartyIfMain(import.meta.url, (port, arg) => {
  const publicUrl = arg('--public-url');
  const channelId = arg('--channel-id');
  const channelSecret = arg('--channel-secret');
  const messagingToken = arg('--messaging-token');
  return new FakeLine({
    port,
    ...(arg('--host') ? { host: arg('--host')! } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(channelId ? { channelId } : {}),
    ...(channelSecret ? { channelSecret } : {}),
    ...(messagingToken ? { messagingToken } : {}),
  });
});
