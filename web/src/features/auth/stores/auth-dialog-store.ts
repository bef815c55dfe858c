import { create } from 'zustand';

type AuthDialog = 'login' | 'register' | null;

type AuthDialogState = {
  open: AuthDialog;
  /** e-mail to prefill in the login dialog (after a registration) */
  email: string;
  openLogin: (email?: string) => void;
  openRegister: () => void;
  close: () => void;
};

export const useAuthDialogStore = create<AuthDialogState>()((set) => ({
  open: null,
  email: '',
  openLogin: (email = '') => set({ open: 'login', email }),
  openRegister: () => set({ open: 'register', email: '' }),
  close: () => set({ open: null }),
}));
