import { create } from 'zustand';
import type { Staff } from '@/types/api';
import { readJson, writeJson } from '@/lib/storage';

const KEY = 'rian.staff';
type Saved = { token: string; staff: Staff };
const saved = readJson<Saved>('session', KEY);

/** The staff session of the back office, apart from any member session (sessionStorage). */
export const useStaffStore = create<{
  token: string | null;
  staff: Staff | null;
  setSession: (token: string, staff: Staff) => void;
  clear: () => void;
}>()((set) => ({
  token: saved?.token ?? null,
  staff: saved?.staff ?? null,
  setSession: (token, staff) => {
    writeJson('session', KEY, { token, staff } satisfies Saved);
    set({ token, staff });
  },
  clear: () => {
    writeJson('session', KEY, null);
    set({ token: null, staff: null });
  },
}));
