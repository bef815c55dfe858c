import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupRequestMine } from '@rian/proto-contracts/learning-groups';
import { api } from '@/lib/api-client';
import { HOME_KEY } from './member-home';

/**
 * POST /api/learning/member/groups/{id}/join — recorded once. The groups come with the member home
 * (learning reads them afresh on every call), so the home is read again.
 */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) =>
      api<GroupRequestMine>(`/learning/member/groups/${encodeURIComponent(groupId)}/join`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOME_KEY }),
  });
}
