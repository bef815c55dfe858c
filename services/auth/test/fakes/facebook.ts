import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, FakeParty, json, readBody, runFakePartyIfMain } from '@rian/kit/testing-fake-party';

/**
 * A local stand-in for Facebook's manual login flow and the two Graph calls auth makes:
 *   GET  /dialog/oauth   the login dialog: "Continue as <name>" per test user, and "Cancel"
 *   POST /dialog/oauth   what those buttons submit; redirects to redirect_uri as Facebook does
 *   GET  /debug_token    ?input_token=&access_token=<appId>|<appSecret>
 *   GET  /me             ?fields=id,name,email,picture.type(large)&access_token=<token>
 *   GET  /pictures/<id>.svg   the profile pictures /me points at
 *   POST /__fake/users   {id?, name, email?} adds a test user at run time (for the browser journey)
 * A version prefix (/v19.0/...) is accepted on every path, like the real hosts.
 * Standalone: `node --import tsx services/auth/test/fakes/facebook.ts --port N` prints its URL.
 */

export interface FakeFacebookUser {
  id: string;
  name: string;
  /** null: the user did not share an e-mail */
  email: string | null;
}

interface IssuedToken {
  userId: string;
  appId: string;
  scopes: string[];
  expiresAt: number;
  valid: boolean;
}

export interface FakeFacebookOptions {
  appId?: string;
  appSecret?: string;
  users?: FakeFacebookUser[];
  /** 0 (default): any free port */
  port?: number;
  host?: string;
}

export const FAKE_FACEBOOK_APP_ID = 'rian-fake-facebook-app';
export const FAKE_FACEBOOK_APP_SECRET = 'rian-fake-facebook-secret';

/** The test users the fake knows without being told. */
export const FAKE_FACEBOOK_USERS: FakeFacebookUser[] = [
  { id: '100000000000001', name: 'Somchai Facebook', email: 'somchai.facebook@example.com' },
  { id: '100000000000002', name: 'Nok Newcomer', email: 'nok.newcomer@example.com' },
  { id: '100000000000003', name: 'Private Person', email: null },
];

const TOKEN_TTL_SECONDS = 5_400;

function graphError(res: ServerResponse, status: number, message: string, code = 190): void {
  json(res, status, {
    error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('base64url') },
  });
}

export class FakeFacebook extends FakeParty {
  readonly appId: string;
  readonly appSecret: string;
  readonly users = new Map<string, FakeFacebookUser>();
  /** how Graph behaves: 'ok', 'error' (500 on every Graph call) or 'hang' (never answers) */
  graphMode: 'ok' | 'error' | 'hang' = 'ok';
  /** Graph calls received (debug_token and me), for tests that show a call was or was not made */
  graphCalls = 0;
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(opts: FakeFacebookOptions = {}) {
    super(opts);
    this.appId = opts.appId ?? FAKE_FACEBOOK_APP_ID;
    this.appSecret = opts.appSecret ?? FAKE_FACEBOOK_APP_SECRET;
    for (const u of opts.users ?? FAKE_FACEBOOK_USERS) this.users.set(u.id, { ...u });
  }

  protected override failed(res: ServerResponse, err: unknown): void {
    json(res, 500, { error: { message: String(err), code: 1 } });
  }

  /** `url` is the Graph URL and the root of the dialog. */
  get dialogUrl(): string {
    return `${this.url}/dialog/oauth`;
  }

  addUser(user: { id?: string; name: string; email: string | null }): FakeFacebookUser {
    const u = {
      id: user.id ?? String(100_000_000_000_100 + this.users.size),
      name: user.name,
      email: user.email,
    };
    this.users.set(u.id, u);
    return u;
  }

  /** A user access token as the dialog would hand out; `appId` lets a test mint another app's token. */
  issueToken(
    userId: string,
    opts: { appId?: string; scopes?: string[]; expiresInSeconds?: number } = {},
  ): string {
    if (!this.users.has(userId)) throw new Error(`fake Facebook has no user ${userId}`);
    const token = `EAA${randomBytes(30).toString('base64url')}`;
    this.tokens.set(token, {
      userId,
      appId: opts.appId ?? this.appId,
      scopes: opts.scopes ?? ['public_profile', 'email'],
      expiresAt: Math.floor(Date.now() / 1000) + (opts.expiresInSeconds ?? TOKEN_TTL_SECONDS),
      valid: true,
    });
    return token;
  }

  /** The user logs out of Facebook or removes the app: the token stops being valid. */
  invalidate(token: string): void {
    const t = this.tokens.get(token);
    if (t) t.valid = false;
  }

  private pictureUrl(userId: string): string {
    return `${this.url}/pictures/${encodeURIComponent(userId)}.svg`;
  }

  private liveToken(token: string | null): IssuedToken | undefined {
    const t = token ? this.tokens.get(token) : undefined;
    return t && t.valid && t.expiresAt > Date.now() / 1000 ? t : undefined;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    const q = url.searchParams;
    if (path === '/dialog/oauth' && req.method === 'GET') return this.dialog(res, q);
    if (path === '/dialog/oauth' && req.method === 'POST') {
      return this.dialogAnswer(res, new URLSearchParams(await readBody(req)));
    }
    if (path.startsWith('/pictures/') && req.method === 'GET') return this.picture(res, path);
    if (path === '/__fake/users' && req.method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as Partial<FakeFacebookUser>;
      if (typeof body.name !== 'string' || !body.name) return json(res, 400, { error: 'name is required' });
      const user = this.addUser({
        name: body.name,
        email: typeof body.email === 'string' ? body.email : null,
        ...(typeof body.id === 'string' && body.id ? { id: body.id } : {}),
      });
      return json(res, 201, user);
    }
    if ((path === '/debug_token' || path === '/me') && req.method === 'GET') {
      this.graphCalls += 1;
      if (this.graphMode === 'hang') {
        this.hang(res);
        return;
      }
      if (this.graphMode === 'error') {
        return json(res, 500, {
          error: { message: 'An unexpected error has occurred.', type: 'OAuthException', code: 2 },
        });
      }
      return path === '/debug_token' ? this.debugToken(res, q) : this.me(res, q);
    }
    return graphError(res, 404, `Unknown path components: ${path}`, 2500);
  }

  private dialogProblem(res: ServerResponse, message: string): void {
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><body><h1>Error</h1><p>${escapeHtml(message)}</p></body></html>`);
  }

  /** Checks the dialog's query as Facebook does; returns the redirect target or answers an error page. */
  private dialogTarget(res: ServerResponse, q: URLSearchParams): URL | undefined {
    if (q.get('client_id') !== this.appId) {
      this.dialogProblem(res, 'Invalid App ID: The provided app ID does not look like a valid app ID.');
      return undefined;
    }
    const redirect = q.get('redirect_uri') ?? '';
    let target: URL;
    try {
      target = new URL(redirect);
    } catch {
      this.dialogProblem(res, 'URL blocked: This redirect failed because the redirect URI is not valid.');
      return undefined;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      this.dialogProblem(res, 'URL blocked: This redirect failed because the redirect URI is not valid.');
      return undefined;
    }
    if ((q.get('response_type') ?? 'code') !== 'token') {
      this.dialogProblem(res, 'This fake answers only response_type=token (the manual login flow).');
      return undefined;
    }
    return target;
  }

  private dialog(res: ServerResponse, q: URLSearchParams): void {
    if (!this.dialogTarget(res, q)) return;
    const hidden = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`)
      .join('\n      ');
    const buttons = [...this.users.values()]
      .map(
        (u) =>
          `<button type="submit" name="user" value="${escapeHtml(u.id)}">Continue as ${escapeHtml(u.name)}</button>`,
      )
      .join('\n      ');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Log in with Facebook (fake)</title></head>
  <body>
    <h1>Log in with Facebook</h1>
    <p>Rian is requesting access to: ${escapeHtml(q.get('scope') ?? 'public_profile')}</p>
    <form method="post" action="/dialog/oauth">
      ${hidden}
      ${buttons}
      <button type="submit" name="cancel" value="1">Cancel</button>
    </form>
  </body>
</html>`);
  }

  /** Continue → `redirect_uri#access_token=...&state=...`; Cancel → `redirect_uri?error=access_denied&...`. */
  private dialogAnswer(res: ServerResponse, form: URLSearchParams): void {
    const target = this.dialogTarget(res, form);
    if (!target) return;
    const state = form.get('state');
    const user = form.get('user');
    if (form.has('cancel') || !user || !this.users.has(user)) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_code', '200');
      target.searchParams.set('error_description', 'Permissions error');
      target.searchParams.set('error_reason', 'user_denied');
      if (state !== null) target.searchParams.set('state', state);
      target.hash = '_=_';
    } else {
      const scopes = (form.get('scope') || 'public_profile').split(/[\s,]+/).filter(Boolean);
      const token = this.issueToken(user, { scopes });
      const fragment = new URLSearchParams({
        access_token: token,
        data_access_expiration_time: String(Math.floor(Date.now() / 1000) + 90 * 86_400),
        expires_in: String(TOKEN_TTL_SECONDS),
      });
      if (state !== null) fragment.set('state', state);
      target.hash = fragment.toString();
    }
    res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
    res.end();
  }

  private debugToken(res: ServerResponse, q: URLSearchParams): void {
    if (q.get('access_token') !== `${this.appId}|${this.appSecret}`) {
      return graphError(res, 400, 'Invalid OAuth access token signature.');
    }
    const input = q.get('input_token');
    if (!input) return graphError(res, 400, "(#100) The parameter 'input_token' is required", 100);
    const t = this.tokens.get(input);
    const live = this.liveToken(input);
    if (!t || !live) {
      return json(res, 200, {
        data: {
          error: {
            code: 190,
            message: t ? 'Error validating access token: Session has expired' : 'Invalid OAuth access token.',
          },
          is_valid: false,
          scopes: [],
        },
      });
    }
    return json(res, 200, {
      data: {
        app_id: t.appId,
        type: 'USER',
        application: t.appId === this.appId ? 'Rian (fake)' : 'Another app (fake)',
        data_access_expires_at: t.expiresAt + 90 * 86_400,
        expires_at: t.expiresAt,
        is_valid: true,
        scopes: t.scopes,
        user_id: t.userId,
      },
    });
  }

  private me(res: ServerResponse, q: URLSearchParams): void {
    const token = q.get('access_token');
    const t = this.liveToken(token);
    if (!token || !t) return graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token');
    const proof = q.get('appsecret_proof');
    if (proof !== null) {
      const expected = createHmac('sha256', this.appSecret).update(token).digest('hex');
      if (proof !== expected)
        return graphError(res, 400, 'Invalid appsecret_proof provided in the API argument', 100);
    }
    const user = this.users.get(t.userId)!;
    // top-level field names: "picture.type(large)" asks for the field "picture"
    const fields = (q.get('fields') ?? 'id,name')
      .split(',')
      .map((f) => f.trim().split(/[.{(]/)[0]!)
      .filter(Boolean);
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (f === 'id') out.id = user.id;
      else if (f === 'name') out.name = user.name;
      else if (f === 'email' && user.email && t.scopes.includes('email')) out.email = user.email;
      else if (f === 'picture') {
        out.picture = {
          data: { height: 200, width: 200, is_silhouette: false, url: this.pictureUrl(user.id) },
        };
      }
    }
    out.id = user.id;
    return json(res, 200, out);
  }

  private picture(res: ServerResponse, path: string): void {
    const id = decodeURIComponent(path.slice('/pictures/'.length).replace(/\.svg$/, ''));
    const user = this.users.get(id);
    if (!user) return graphError(res, 404, 'Unsupported get request.', 100);
    const initial = escapeHtml(user.name.slice(0, 1).toUpperCase());
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' });
    res.end(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">` +
        `<rect width="200" height="200" fill="#1877f2"/>` +
        `<text x="100" y="128" font-size="96" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text>` +
        `</svg>`,
    );
  }
}

await runFakePartyIfMain(
  import.meta.url,
  (port, arg) =>
    new FakeFacebook({
      port,
      appId: arg('--app-id') ?? FAKE_FACEBOOK_APP_ID,
      appSecret: arg('--app-secret') ?? FAKE_FACEBOOK_APP_SECRET,
    }),
);
