import type { Language } from '@/types/api';
import { isApiError } from './api-client';

/** What to show for a failed call: the server's message in the current language. */
export function problemText(error: unknown, language: Language): string {
  if (isApiError(error)) return error.text(language);
  return 'An error occurred';
}
