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
  setSession: (token: string, user: User) => void;
  setUser: (user: User) => void;
  clear: () => void;
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
  setSession: (token, user) => {
    writeJson('session', SESSION_KEY, { token, user } satisfies Saved);
    set({ token, user, ready: true });
  },
  setUser: (user) => {
    const { token } = get();
    if (token) writeJson('session', SESSION_KEY, { token, user } satisfies Saved);
    set({ user });
  },
  clear: () => {
    writeJson('session', SESSION_KEY, null);
    set({ token: null, user: null });
  },
  markReady: () => set({ ready: true }),
}));
