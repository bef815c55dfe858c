import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@rian/proto-contracts/learning-member';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MEMBER_KEY } from './my-enrolments';

/**
 * GET /api/learning/member/sessions/{id} — a session the member may open, with its signed document
 * URLs and, for a meeting inside its window, the room. Anything else answers 404 (ARCHITECTURE §9).
 */
export function getSessionView(id: string, signal?: AbortSignal): Promise<SessionView> {
  return api<SessionView>(`/learning/member/sessions/${encodeURIComponent(id)}`, { signal });
}

export function useSessionView(id: string | null) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...MEMBER_KEY, 'session', token, id],
    queryFn: ({ signal }) => getSessionView(id!, signal),
    enabled: Boolean(token && id),
    // the signed URLs are short-lived: read them again each time the dialog opens
    staleTime: 0,
    gcTime: 0,
  });
}
