import { create } from 'zustand';
import type { Message } from '@/lib/message';
import type { SocialConfirmConnect, SocialProfile } from '@/types/api';

type AuthDialog = 'login' | 'register' | 'password' | 'social-connect' | null;

/** A Facebook sign-in that found nobody: registration links the new user to it. */
export type FacebookRegistration = { accessToken: string; social: SocialProfile };

/** A Facebook sign-in waiting for the member's "connect". */
export type FacebookConnection = {
  accessToken: string;
  social: SocialProfile;
  user: SocialConfirmConnect['user'];
};

/** A line on top of the login dialog: good news (password changed) or why a sign-in did not happen. */
export type LoginNotice = { tone: 'success' | 'error'; message: Message };

type AuthDialogState = {
  open: AuthDialog;
  /** e-mail to prefill (login after a registration or a password change, registration from Facebook, ...) */
  email: string;
  /** shown on top of the login dialog (password changed, Facebook cancelled, ...) */
  notice: LoginNotice | null;
  /** a code from an e-mail link: the password dialog opens at the new-password step */
  passwordCode: string;
  facebook: FacebookRegistration | null;
  connection: FacebookConnection | null;
  /** where a password login goes (a same-site path, e.g. /checkIn?s=…&c=…); null: the home page */
  returnTo: string | null;
  openLogin: (email?: string, notice?: LoginNotice | null, returnTo?: string | null) => void;
  openRegister: (prefill?: { email?: string; facebook?: FacebookRegistration }) => void;
  openPassword: (prefill?: { email?: string; code?: string }) => void;
  openSocialConnect: (connection: FacebookConnection) => void;
  close: () => void;
};

const cleared = {
  email: '',
  notice: null,
  passwordCode: '',
  facebook: null,
  connection: null,
  returnTo: null,
} as const;

/** Which sign-in dialog is open, and what it starts with. Kept in memory only (tokens included). */
export const useAuthDialogStore = create<AuthDialogState>()((set) => ({
  open: null,
  ...cleared,
  openLogin: (email = '', notice = null, returnTo = null) =>
    set({
      ...cleared,
      open: 'login',
      email,
      notice,
      // only a path of this site (never //host or a scheme): no open redirect
      returnTo: returnTo && /^\/(?![/\\])/.test(returnTo) ? returnTo : null,
    }),
  openRegister: (prefill = {}) =>
    set({ ...cleared, open: 'register', email: prefill.email ?? '', facebook: prefill.facebook ?? null }),
  openPassword: (prefill = {}) =>
    set({ ...cleared, open: 'password', email: prefill.email ?? '', passwordCode: prefill.code ?? '' }),
  openSocialConnect: (connection) => set({ ...cleared, open: 'social-connect', connection }),
  close: () => set({ ...cleared, open: null }),
}));
