import { create } from 'zustand';
import type { Language } from '@/types/api';
import { readJson, writeJson } from '@/lib/storage';

export const LANGUAGE_KEY = 'language';
export const LANGUAGES: readonly Language[] = ['th', 'en'];

function initialLanguage(): Language {
  const saved = readJson<string>('local', LANGUAGE_KEY);
  return saved === 'en' || saved === 'th' ? saved : 'th';
}

type LanguageState = { language: Language; setLanguage: (language: Language) => void };

/** The chosen language, persisted in localStorage under `language` ("th" | "en"); Thai by default. */
export const useLanguageStore = create<LanguageState>()((set) => ({
  language: initialLanguage(),
  setLanguage: (language) => {
    writeJson('local', LANGUAGE_KEY, language);
    set({ language });
  },
}));
