import { useQuery } from '@tanstack/react-query';
import type { PublicCourseList, PublicPreview } from '@rian/proto-contracts/learning-public';
import { api } from '@/lib/api-client';

const KEY = ['learning', 'public-courses'] as const;

/** GET /api/learning/courses/public — the courses on sale with curriculum, instructors and free previews (no token). */
export function getPublicCourses(signal?: AbortSignal): Promise<PublicCourseList> {
  return api<PublicCourseList>('/learning/courses/public', { signal, token: null });
}

export function usePublicCourses() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => getPublicCourses(signal),
    staleTime: 60_000,
  });
}

/** GET /api/learning/courses/public/videos/{id} — one free preview's playback; 404 unless it is one. */
export function getPublicPreview(id: string, signal?: AbortSignal): Promise<PublicPreview> {
  return api<PublicPreview>(`/learning/courses/public/videos/${encodeURIComponent(id)}`, {
    signal,
    token: null,
  });
}

export function usePublicPreview(id: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'video', id],
    queryFn: ({ signal }) => getPublicPreview(id!, signal),
    enabled: Boolean(id),
    // an upload's playback URL is signed for a short while: read it afresh on each visit
    staleTime: 0,
    gcTime: 0,
  });
}
