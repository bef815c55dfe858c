import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserSort, MembershipCode, Page, User, UserStatus } from '@/types/api';
import { useStaffStore } from '@/stores/staff-store';
import { staffApi } from '@/lib/staff-api';

export type UserListParams = {
  q: string;
  status: UserStatus | '';
  membershipCode: MembershipCode | '';
  page: number;
  pageSize: number;
  sort: AdminUserSort;
};

/** GET /api/auth/admin/users — search (e-mail, names, phone, member code), filter, sort, page. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<Page<User>> {
  return staffApi<Page<User>>('/auth/admin/users', {
    query: {
      q: params.q.trim() || undefined,
      status: params.status || undefined,
      membershipCode: params.membershipCode || undefined,
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
    },
    signal,
  });
}

export function useUsers(params: UserListParams) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'users', 'list', params, token],
    queryFn: ({ signal }) => getUsers(params, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
