import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { readJson, writeJson } from '@/lib/storage';

const INVITE_KEY = 'rian.invite';
/** CheckoutBody.invite: 1–64 of letters, digits and `_ . @ -` */
const INVITE = /^[A-Za-z0-9_.@-]{1,64}$/;

/** The referrer this visit came with (orders_invite), if any. */
export function readInvite(): string | null {
  const value = readJson<string>('session', INVITE_KEY);
  return typeof value === 'string' && INVITE.test(value) ? value : null;
}

/**
 * Keeps the product page's `?invite=` for this browser tab (sessionStorage), so it survives what
 * comes between landing and ordering: signing in, registering, reloading. A new valid invite replaces
 * the old one; an invalid one is ignored.
 */
export function useKeepInvite(): void {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  useEffect(() => {
    if (invite !== null && INVITE.test(invite)) writeJson('session', INVITE_KEY, invite);
  }, [invite]);
}
