import { create } from 'zustand';

type AccountDialog = 'profile' | 'addresses' | null;

/**
 * Which account dialog (profile, addresses) is open. Shared: the header menu and the member area
 * open them; the account feature renders them.
 */
export const useAccountDialogStore = create<{
  open: AccountDialog;
  openProfile: () => void;
  openAddresses: () => void;
  close: () => void;
}>()((set) => ({
  open: null,
  openProfile: () => set({ open: 'profile' }),
  openAddresses: () => set({ open: 'addresses' }),
  close: () => set({ open: null }),
}));
