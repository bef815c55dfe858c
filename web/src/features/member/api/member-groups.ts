import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupRequestMine, MemberGroupList } from '@rian/proto-contracts/learning-groups';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MEMBER_KEY } from './my-enrolments';

const GROUPS_KEY = [...MEMBER_KEY, 'groups'] as const;

/** GET /api/learning/member/groups — the course's groups (not hidden) with the member's own requests. */
export function getMemberGroups(courseId: string | null, signal?: AbortSignal): Promise<MemberGroupList> {
  const q = courseId ? `?courseId=${encodeURIComponent(courseId)}` : '';
  return api<MemberGroupList>(`/learning/member/groups${q}`, { signal });
}

/** The groups of the course the member area shows (its id from the member home; none: not asked). */
export function useMemberGroups(courseId: string | null | undefined) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...GROUPS_KEY, token, courseId ?? null],
    queryFn: ({ signal }) => getMemberGroups(courseId ?? null, signal),
    enabled: Boolean(token && courseId),
  });
}

/** POST /api/learning/member/groups/{id}/join — recorded once; the list is read again. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) =>
      api<GroupRequestMine>(`/learning/member/groups/${encodeURIComponent(groupId)}/join`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
  });
}
