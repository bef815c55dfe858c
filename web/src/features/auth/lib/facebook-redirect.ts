import type { PublicConfig } from '@/types/api';

type FacebookConfig = NonNullable<PublicConfig['facebook']>;

const STATE_KEY = 'rian.facebookState';
export const FACEBOOK_RETURN_PATH = '/loginFacebook';

/** Leaving the SPA for another site; an object so tests can replace it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Facebook's manual login flow: the OAuth dialog, answering with a token in the URL fragment. */
export function facebookDialogUrl(config: FacebookConfig, origin: string, state: string): string {
  const url = new URL(config.dialogUrl);
  url.searchParams.set('client_id', config.appId);
  url.searchParams.set('redirect_uri', `${origin}${FACEBOOK_RETURN_PATH}`);
  url.searchParams.set('response_type', 'token');
  url.searchParams.set('scope', 'public_profile,email');
  url.searchParams.set('state', state);
  return url.toString();
}

/** Sends the browser to Facebook with a fresh random `state`, kept in sessionStorage to check on return. */
export function startFacebookLogin(config: FacebookConfig): void {
  const state = randomState();
  try {
    sessionStorage.setItem(STATE_KEY, state);
  } catch {
    // without storage the return cannot be checked; it will be refused as not ours
  }
  browser.assign(facebookDialogUrl(config, window.location.origin, state));
}

/** The state we sent, once: a second return with the same state is refused. */
export function takeFacebookState(): string | null {
  try {
    const state = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    return state;
  } catch {
    return null;
  }
}

export type FacebookReturn =
  { kind: 'token'; accessToken: string; state: string | null } | { kind: 'error'; state: string | null };

/**
 * What Facebook sent back to /loginFacebook: `#access_token=...&state=...` on success,
 * `?error=access_denied&error_reason=user_denied&state=...` on cancel; anything else counts as not authorized.
 */
export function parseFacebookReturn(search: string, hash: string): FacebookReturn {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  const accessToken = fragment.get('access_token');
  if (accessToken && !query.get('error')) {
    return { kind: 'token', accessToken, state: fragment.get('state') ?? query.get('state') };
  }
  return { kind: 'error', state: query.get('state') ?? fragment.get('state') };
}
