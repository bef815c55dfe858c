import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { useLanguageStore } from '@/stores/language-store';
import { useAuthStore } from '@/stores/auth-store';

// jsdom lacks what Radix's popper and dialogs measure with
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  useLanguageStore.setState({ language: 'th' });
  useAuthStore.setState({ token: null, user: null, ready: true });
  await i18n.changeLanguage('th');
});

afterEach(() => {
  cleanup();
});
