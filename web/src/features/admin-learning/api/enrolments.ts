import type { EnrolmentStatus, GrantMissingResult } from '@rian/proto-contracts/learning';
import type {
  EnrolmentAuditList,
  EnrolmentGrantBody,
  EnrolmentStaff,
  EnrolmentUpdateBody,
} from '@rian/proto-contracts/learning-enrolments';
import type { ListParams } from '@/hooks/use-list-params';
import { staffApi } from '@/lib/staff-api';
import { staffQueries } from '@/lib/staff-crud';
import type { Page } from '@/types/api';
import { LEARNING_KEY } from './courses';

/** proto-contracts learning ENROLMENT_STATUSES */
export const ENROLMENT_STATUSES: readonly EnrolmentStatus[] = ['active', 'ended'];
/** the list has one order (newest first): a single "sort" for the scaffold */
export const ENROLMENT_SORTS = ['-createdAt'] as const;
export type EnrolmentSort = (typeof ENROLMENT_SORTS)[number];

export type EnrolmentFilters = { courseId: string; userId: string; status: EnrolmentStatus | '' };

const PATH = '/learning/admin/enrolments';
const at = (id: string) => `${PATH}/${encodeURIComponent(id)}`;
const { useStaffQuery, useStaffMutation } = staffQueries(LEARNING_KEY);

/** GET /api/learning/admin/enrolments — by course, member (user id), status; q in the code or note. */
export function useEnrolments(params: ListParams<EnrolmentSort>, filters: EnrolmentFilters) {
  return useStaffQuery(['enrolments', params, filters], (signal) =>
    staffApi<Page<EnrolmentStaff>>(PATH, {
      query: {
        q: params.q.trim() || undefined,
        courseId: filters.courseId || undefined,
        userId: filters.userId || undefined,
        status: filters.status || undefined,
        page: params.page,
        pageSize: params.pageSize,
      },
      signal,
    }),
  );
}

/** POST — grant by hand (409 learning.enrolment_exists when the member has the course). */
export const useGrantEnrolment = () =>
  useStaffMutation((body: EnrolmentGrantBody) => staffApi<EnrolmentStaff>(PATH, { method: 'POST', body }));

/** PUT — absent keeps, null clears; LINE/Facebook flags record the caller as who set them. */
export const useUpdateEnrolment = () =>
  useStaffMutation(({ id, body }: { id: string; body: EnrolmentUpdateBody }) =>
    staffApi<EnrolmentStaff>(at(id), { method: 'PUT', body }),
  );

/** POST …/:id/end — status ended, end day today unless it ends earlier. */
export const useEndEnrolment = () =>
  useStaffMutation((id: string) => staffApi<EnrolmentStaff>(`${at(id)}/end`, { method: 'POST' }));

/** GET …/:id/audit — oldest first. */
export function useEnrolmentAudit(id: string) {
  return useStaffQuery(
    ['enrolment-audit', id],
    (signal) => staffApi<EnrolmentAuditList>(`${at(id)}/audit`, { signal }),
    { keepPrevious: false },
  );
}

/** POST /api/learning/admin/products/:id/grant-missing — the product's paid buyers get its courses. */
export const useGrantMissing = () =>
  useStaffMutation((productId: string) =>
    staffApi<GrantMissingResult>(`/learning/admin/products/${encodeURIComponent(productId)}/grant-missing`, {
      method: 'POST',
    }),
  );
