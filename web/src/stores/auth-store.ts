import { create } from 'zustand';
import type { User } from '@/types/api';
import { readJson, writeJson } from '@/lib/storage';

const SESSION_KEY = 'rian.auth';
/**
 * Not a secret, only a hint (localStorage, outlives the tab): this browser signed a member in and has
 * not signed out, so a refresh cookie may exist. Without it a page load does not ask /refresh (an
 * anonymous visit would only get a 401 logged).
 */
const HINT_KEY = 'rian.signed-in';

/** Whether a page load should try the refresh cookie (see HINT_KEY). */
export const hasSessionHint = (): boolean => readJson<boolean>('local', HINT_KEY) === true;
export const dropSessionHint = (): void => writeJson('local', HINT_KEY, null);

type Saved = { token: string; user: User | null };

type AuthState = {
  token: string | null;
  user: User | null;
  /** true once the silent refresh on start has finished (or was not needed) */
  ready: boolean;
  /** the server refused the token and no refresh helped: the session-expired dialog is open */
  expired: boolean;
  /** the user came from the server in this visit (not only from sessionStorage) */
  verified: boolean;
  setSession: (token: string, user: User) => void;
  setUser: (user: User) => void;
  clear: () => void;
  markExpired: () => void;
  markReady: () => void;
};

const saved = readJson<Saved>('session', SESSION_KEY);

/**
 * The member's access token and user, in memory and in sessionStorage (the refresh token stays in
 * its httpOnly cookie). Shared: the header, the member area and the api client read it.
 */
export const useAuthStore = create<AuthState>()((set, get) => ({
  token: saved?.token ?? null,
  user: saved?.user ?? null,
  ready: Boolean(saved?.token),
  expired: false,
  verified: false,
  setSession: (token, user) => {
    writeJson('session', SESSION_KEY, { token, user } satisfies Saved);
    writeJson('local', HINT_KEY, true);
    set({ token, user, ready: true, expired: false, verified: true });
  },
  setUser: (user) => {
    const { token } = get();
    if (token) writeJson('session', SESSION_KEY, { token, user } satisfies Saved);
    set({ user, verified: true });
  },
  clear: () => {
    writeJson('session', SESSION_KEY, null);
    dropSessionHint();
    set({ token: null, user: null, expired: false, verified: false });
  },
  markExpired: () => {
    if (get().token) set({ expired: true });
  },
  markReady: () => set({ ready: true }),
}));
