import { api } from '@/lib/api-client';
import type { Language } from '@/types/api';

/**
 * PUT /api/auth/me/locale — the language the signed-in member's e-mails are written in (issue 20).
 * Sent when the member switches the SPA's language; best effort: the screen has already switched,
 * and a failure only leaves e-mails in the previous language.
 */
export async function saveMemberLanguage(locale: Language): Promise<void> {
  await api<{ locale: Language }>('/auth/me/locale', { method: 'PUT', body: { locale } }).catch(
    () => undefined,
  );
}
