import type {
  GroupCodesResult,
  GroupRequestStaff,
  MemberGroupCreateBody,
  MemberGroupStaff,
  UngroupedPage,
} from '@rian/proto-contracts/learning-groups';
import type { ListParams } from '@/hooks/use-list-params';
import { staffApi } from '@/lib/staff-api';
import { crud, staffQueries } from '@/lib/staff-crud';
import { LEARNING_KEY } from './courses';

const { useStaffQuery, useStaffMutation } = staffQueries(LEARNING_KEY);

export const MEMBER_GROUP_SORTS = ['-createdAt', 'createdAt', 'name', '-name'] as const;
export type MemberGroupSort = (typeof MEMBER_GROUP_SORTS)[number];
export const GROUP_REQUEST_SORTS = ['-requestedAt', 'requestedAt', 'code', '-code'] as const;
export type GroupRequestSort = (typeof GROUP_REQUEST_SORTS)[number];

// ---------- member groups (/admin/memberGroup) ----------

export const memberGroups = crud<MemberGroupStaff, Partial<MemberGroupCreateBody>>(
  '/learning/admin/member-groups',
);

export function useMemberGroupsAdmin(params: ListParams<MemberGroupSort>, courseId: string) {
  return useStaffQuery(['member-groups', params, courseId], (signal) =>
    memberGroups.list(
      {
        q: params.q.trim() || undefined,
        courseId: courseId || undefined,
        page: params.page,
        pageSize: params.pageSize,
        sort: params.sort,
      },
      signal,
    ),
  );
}

/** A course's groups for a picker (the request pages choose a group). */
export const useMemberGroupOptions = (courseId: string) =>
  useStaffQuery(['member-groups', 'options', courseId], (signal) =>
    memberGroups.list({ courseId: courseId || undefined, sort: 'name', page: 1, pageSize: 100 }, signal),
  );

export const useSaveMemberGroup = () => useStaffMutation(memberGroups.save);
export const useDeleteMemberGroup = () => useStaffMutation(memberGroups.remove);

// ---------- join requests (/admin/memberGroupUser) ----------

export const groupRequests = crud<
  GroupRequestStaff,
  { groupId: string; userId: string; note?: string | null }
>('/learning/admin/group-requests');

export function useGroupRequests(
  params: ListParams<GroupRequestSort>,
  filters: { group: string; status: string },
) {
  return useStaffQuery(['group-requests', params, filters], (signal) =>
    groupRequests.list(
      {
        q: params.q.trim() || undefined,
        groupId: filters.group || undefined,
        status: filters.status || undefined,
        page: params.page,
        pageSize: params.pageSize,
        sort: params.sort,
      },
      signal,
    ),
  );
}

export const useApproveRequest = () =>
  useStaffMutation(({ id, note }: { id: string; note: string | null }) =>
    staffApi<GroupRequestStaff>(`/learning/admin/group-requests/${encodeURIComponent(id)}/approve`, {
      method: 'POST',
      body: { note },
    }),
  );

export const useUnapproveRequest = () =>
  useStaffMutation((id: string) =>
    staffApi<GroupRequestStaff>(`/learning/admin/group-requests/${encodeURIComponent(id)}/unapprove`, {
      method: 'POST',
    }),
  );

export const useGenerateCodes = () =>
  useStaffMutation((groupId: string) =>
    staffApi<GroupCodesResult>(`/learning/admin/member-groups/${encodeURIComponent(groupId)}/codes`, {
      method: 'POST',
    }),
  );

export const useAddToGroup = () => useStaffMutation(groupRequests.save);

// ---------- members in no group (/admin/memberGroupUserNone) ----------

export function useUngrouped(courseId: string, page: number) {
  return useStaffQuery(
    ['ungrouped', courseId, page],
    (signal) =>
      staffApi<UngroupedPage>('/learning/admin/ungrouped-members', {
        query: { courseId, page, pageSize: 20 },
        signal,
      }),
    { enabled: Boolean(courseId) },
  );
}
