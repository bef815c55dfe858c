import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnrolmentList, EnrolmentView } from '@rian/proto-contracts/learning';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';

/** Every query of the member area lives under this key; /member/reload fetches them all again. */
export const MEMBER_KEY = ['member'] as const;
const ENROLMENTS_KEY = [...MEMBER_KEY, 'enrolments'] as const;

/** GET /api/learning/enrolments/mine — the member's own courses, oldest first, one selected. */
export function getMyEnrolments(signal?: AbortSignal): Promise<EnrolmentList> {
  return api<EnrolmentList>('/learning/enrolments/mine', { signal });
}

export function useMyEnrolments() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    // keyed by the token: another member signing in on this browser never sees these
    queryKey: [...ENROLMENTS_KEY, token],
    queryFn: ({ signal }) => getMyEnrolments(signal),
    enabled: Boolean(token),
  });
}

/** The course the member area shows: the selected enrolment (learning keeps exactly one). */
export function selectedEnrolment(items: readonly EnrolmentView[]): EnrolmentView | undefined {
  return items.find((e) => e.selected === 'Y') ?? items[0];
}

/**
 * Whether the member already holds every course of a product (a second purchase grants nothing
 * new): each of `courseIds` among the enrolments; when the product's course list is not known to
 * the caller, whether an earlier order of this very product enrolled them.
 */
export function ownsProduct(
  items: readonly EnrolmentView[],
  product: { id: string; courseIds?: readonly string[] | undefined },
): boolean {
  if (product.courseIds?.length) {
    const held = new Set(items.map((e) => e.courseId));
    return product.courseIds.every((id) => held.has(id));
  }
  return items.some((e) => e.productId === product.id);
}

/** A course's name for people: its title, or its id when learning has no course for it. */
export const courseLabel = (e: EnrolmentView): string => e.course?.title ?? e.courseId;

/** POST /api/learning/enrolments/select — spec 01 "Course switch" (UpdateSelect). */
export function selectCourse(courseId: string): Promise<EnrolmentList> {
  return api<EnrolmentList>('/learning/enrolments/select', { method: 'POST', body: { courseId } });
}

export function useSelectCourse() {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.token);
  return useMutation({
    mutationFn: selectCourse,
    onSuccess: (list) => queryClient.setQueryData([...ENROLMENTS_KEY, token], list),
  });
}
