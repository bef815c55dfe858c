import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Stroke, TermsView } from '@rian/proto-contracts/learning-terms';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';

export const TERMS_KEY = ['member', 'terms'] as const;

/** GET /api/learning/member/terms — the course terms of an enrolment (the selected one without courseId). */
export function getTerms(courseId: string | null, signal?: AbortSignal): Promise<TermsView> {
  return api<TermsView>('/learning/member/terms', { signal, query: courseId ? { courseId } : undefined });
}

/**
 * The terms of `courseId` (null: the selected enrolment's). Read afresh on entering: the signed PDF's
 * link inside is short-lived.
 */
export function useTerms(courseId: string | null, enabled = true) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...TERMS_KEY, courseId, token],
    queryFn: ({ signal }) => getTerms(courseId, signal),
    enabled: Boolean(token) && enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export interface AcceptTerms {
  courseId: string;
  textHash: string;
  strokes: Stroke[];
  /** the pad's PNG as a data: URL */
  png: string;
}

/** POST /api/learning/member/terms — accepting: the answer (signed, with the PDF's link) replaces the cached terms. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.token);
  return useMutation({
    mutationFn: (body: AcceptTerms) => api<TermsView>('/learning/member/terms', { method: 'POST', body }),
    onSuccess: (view) => {
      queryClient.setQueryData([...TERMS_KEY, view.courseId, token], view);
      void queryClient.invalidateQueries({ queryKey: TERMS_KEY });
    },
  });
}
