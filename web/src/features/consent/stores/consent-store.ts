import { create } from 'zustand';
import { readJson, writeJson } from '@/lib/storage';

/** localStorage key; holds the JSON boolean `true` (agreed) or `false` (declined). */
export const CONSENT_KEY = 'cookieConsent';

function saved(): boolean | null {
  const value = readJson<unknown>('local', CONSENT_KEY);
  return typeof value === 'boolean' ? value : null;
}

type ConsentState = { consent: boolean | null; setConsent: (consent: boolean) => void };

export const useConsentStore = create<ConsentState>()((set) => ({
  consent: saved(),
  setConsent: (consent) => {
    writeJson('local', CONSENT_KEY, consent);
    set({ consent });
  },
}));
