import { create } from 'zustand';

/**
 * Which group dialog is open (the side panel's buttons and the join prompts open it), and which
 * join prompts the member put off with "later" in this browser session (sessionStorage).
 */
interface GroupDialogState {
  openGroupId: string | null;
  later: readonly string[];
  open: (groupId: string) => void;
  close: () => void;
  putOff: (groupId: string) => void;
}

const LATER_KEY = 'rian.member-groups.later';

function readLater(): string[] {
  try {
    const raw = sessionStorage.getItem(LATER_KEY);
    const v: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export const useGroupDialogStore = create<GroupDialogState>((set, get) => ({
  openGroupId: null,
  later: readLater(),
  open: (groupId) => set({ openGroupId: groupId }),
  close: () => set({ openGroupId: null }),
  putOff: (groupId) => {
    const later = [...new Set([...get().later, groupId])];
    try {
      sessionStorage.setItem(LATER_KEY, JSON.stringify(later));
    } catch {
      // private mode without storage: put off for this page only
    }
    set({ later });
  },
}));
