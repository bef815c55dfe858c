import { useQuery } from '@tanstack/react-query';
import type { LessonList, SessionView } from '@rian/proto-contracts/learning-member';
import type { ReplayCallList } from '@rian/proto-contracts/learning-live';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MEMBER_KEY } from './my-enrolments';

const LESSONS_KEY = [...MEMBER_KEY, 'lessons'] as const;
const SESSION_KEY = [...MEMBER_KEY, 'session'] as const;

/** GET /api/learning/member/lessons — the recorded lessons the member may open, in course order. */
export function getMemberLessons(courseId: string | undefined, signal?: AbortSignal): Promise<LessonList> {
  return api<LessonList>('/learning/member/lessons', { query: { courseId }, signal });
}

/** `courseId` undefined: the member's selected course (learning decides). */
export function useMemberLessons(courseId: string | undefined) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...LESSONS_KEY, token, courseId ?? 'selected'],
    queryFn: ({ signal }) => getMemberLessons(courseId, signal),
    enabled: Boolean(token),
  });
}

/** GET /api/learning/member/sessions/{id} — the session with its signed video and document URLs; 404 when closed to the member. */
export function getMemberSession(id: string, signal?: AbortSignal): Promise<SessionView> {
  return api<SessionView>(`/learning/member/sessions/${encodeURIComponent(id)}`, { signal });
}

export function useMemberSession(id: string | undefined) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...SESSION_KEY, token, id],
    queryFn: ({ signal }) => getMemberSession(id!, signal),
    enabled: Boolean(token && id),
    // signed URLs are short-lived: a focus refetch would swap the playlist under a playing video
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /api/learning/member/sessions/{id}/calls — the trade calls of the live broadcast the session's
 * video records, each at its moment in the video. Asked only for a recording (`recordingBroadcastId`).
 */
export function getReplayCalls(id: string, signal?: AbortSignal): Promise<ReplayCallList> {
  return api<ReplayCallList>(`/learning/member/sessions/${encodeURIComponent(id)}/calls`, { signal });
}

export function useReplayCalls(sessionId: string | undefined) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...SESSION_KEY, token, sessionId, 'calls'],
    queryFn: ({ signal }) => getReplayCalls(sessionId!, signal),
    enabled: Boolean(token && sessionId),
    // a finished broadcast's calls change only when staff hide one
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}
