import { create } from 'zustand';
import type { User } from '@/types/api';
import { readJson, writeJson } from '@/lib/storage';

const SESSION_KEY = 'rian.auth';

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
    set({ token, user, ready: true, expired: false, verified: true });
  },
  setUser: (user) => {
    const { token } = get();
    if (token) writeJson('session', SESSION_KEY, { token, user } satisfies Saved);
    set({ user, verified: true });
  },
  clear: () => {
    writeJson('session', SESSION_KEY, null);
    set({ token: null, user: null, expired: false, verified: false });
  },
  markExpired: () => {
    if (get().token) set({ expired: true });
  },
  markReady: () => set({ ready: true }),
}));
