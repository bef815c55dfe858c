import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { setTokenProvider } from '@/lib/api-client';
import { useLanguageStore } from '@/stores/language-store';
import { useAuthStore } from '@/stores/auth-store';
import { useStaffStore } from '@/stores/staff-store';
import { useAccountDialogStore } from '@/stores/account-dialog-store';
import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';

// Lazy routes load their chunks on first render; with the whole suite sharing two cores that can
// take longer than testing-library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks what Radix's popper and dialogs measure with
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// jsdom has window.scrollTo but only logs "not implemented"
window.scrollTo = () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

beforeEach(async () => {
  // as the app's providers do: calls carry the member's token
  setTokenProvider(() => useAuthStore.getState().token);
  localStorage.clear();
  sessionStorage.clear();
  useLanguageStore.setState({ language: 'th' });
  useAuthStore.setState({ token: null, user: null, ready: true, expired: false, verified: false });
  useStaffStore.setState({ token: null, staff: null });
  useAuthDialogStore.getState().close();
  useAccountDialogStore.getState().close();
  await i18n.changeLanguage('th');
});

afterEach(() => {
  cleanup();
});
