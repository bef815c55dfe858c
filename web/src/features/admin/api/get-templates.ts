import { useQuery } from '@tanstack/react-query';
import type { Language } from '@/types/api';
import { useStaffStore } from '@/stores/staff-store';
import { staffApi } from '@/lib/staff-api';

export type TemplateEntry = { name: string; channel: 'email' | 'chat' | 'line'; locales: Language[] };
export type TemplatePreview = {
  name: string;
  locale: Language;
  subject: string;
  text: string;
  html: string;
  /** the repository files the message comes from (services/notifications/templates/…) */
  files?: string[];
};

/** GET /api/notifications/templates (staff) — every message template and its languages. */
export function useTemplates() {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'templates', token],
    queryFn: ({ signal }) => staffApi<TemplateEntry[]>('/notifications/templates', { signal }),
    enabled: Boolean(token),
  });
}

/** GET /api/notifications/templates/:name/preview — one template with sample data. */
export function useTemplatePreview(name: string | undefined, locale: Language) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'template-preview', name, locale, token],
    queryFn: ({ signal }) =>
      staffApi<TemplatePreview>(`/notifications/templates/${encodeURIComponent(name!)}/preview`, {
        query: { locale },
        signal,
      }),
    enabled: Boolean(token && name),
  });
}
