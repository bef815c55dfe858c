import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '@/stores/language-store';
import type { Message } from '@/lib/message';

export function useMessageText() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  return useCallback(
    (message: Message | null | undefined): string | null => {
      if (!message) return null;
      if ('key' in message) return t(message.key, message.values ?? {});
      if ('error' in message) return message.error.text(language);
      return message.text;
    },
    [t, language],
  );
}
