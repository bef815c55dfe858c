import { useQuery } from '@tanstack/react-query';
import type { EnrolmentList } from '@rian/proto-contracts/learning';
import type { MemberHome, SessionView } from '@rian/proto-contracts/learning-member';
import type { OrderView } from '@rian/proto-contracts/orders';
import { installmentState } from '@/components/orders/order-labels';
import { useMyOrders } from '@/features/orders/api/get-my-orders';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MEMBER_KEY } from './my-enrolments';

/** GET /api/learning/member/home — entering the member area in one read (issue 13). */
export function getMemberHome(signal?: AbortSignal): Promise<MemberHome> {
  return api<MemberHome>('/learning/member/home', { signal });
}

const HOME_KEY_PREFIX = [...MEMBER_KEY, 'home'] as const;

// fresh for as long as learning keeps it (LEARNING_HOME_CACHE_S): a page of the area mounting later
// (the dashboard after the stand-by dialog) reads the cache instead of asking again; a pause or end
// of a lesson and /member/reload invalidate it
const homeQuery = (token: string | null) => ({
  queryKey: [...HOME_KEY_PREFIX, token],
  queryFn: ({ signal }: { signal: AbortSignal }) => getMemberHome(signal),
  enabled: Boolean(token),
  staleTime: 15_000,
});

/** The member area's own read; under MEMBER_KEY so /member/reload fetches it again after a course switch. */
export function useMemberHome() {
  const token = useAuthStore((s) => s.token);
  return useQuery(homeQuery(token));
}

const enrolmentsOf = (home: MemberHome): EnrolmentList => ({ items: home.enrolments });

const watchOf = (home: MemberHome) => home.watch;
const watchMonthOf = (home: MemberHome) => home.watchMonth;

/** The dashboard's watch figures, carried by the member home (read afresh by learning, D70). */
export function useHomeWatch() {
  const token = useAuthStore((s) => s.token);
  return useQuery({ ...homeQuery(token), select: watchOf });
}

/** This month's seconds by day, carried by the member home; null when the month has none. */
export function useHomeWatchMonth() {
  const token = useAuthStore((s) => s.token);
  return useQuery({ ...homeQuery(token), select: watchMonthOf });
}

/** After a pause or an end: the member home (its watch figures) is read again. */
export const HOME_KEY = HOME_KEY_PREFIX;

/**
 * Inside the member area, the member's enrolments come with the member home (the same query, so
 * entering the area is one request to learning, not two); outside it, useMyEnrolments asks
 * /enrolments/mine.
 */
export function useMemberEnrolments() {
  const token = useAuthStore((s) => s.token);
  return useQuery({ ...homeQuery(token), select: enrolmentsOf });
}

/** GET /api/learning/member/sessions/{id} — a session's room and passcode; 404 outside its window. */
export function useSessionView(id: string | null) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...MEMBER_KEY, 'session', id, token],
    queryFn: ({ signal }) => api<SessionView>(`/learning/member/sessions/${id}`, { signal }),
    enabled: Boolean(token && id),
  });
}

/** An order with an instalment still to pay (not a cancelled order). */
export function hasUnpaidInstalment(o: OrderView): boolean {
  return o.status !== 'not' && o.installments.some((i) => installmentState(i.status) === 'toPay');
}

/**
 * The member's orders with instalments left to pay: one call to orders' GET /orders/mine (the
 * first page, 50 newest orders — the same query /orders uses, so both share its cache).
 */
export function useUnpaidInstalmentOrders() {
  const orders = useMyOrders(1);
  return { ...orders, unpaid: (orders.data?.items ?? []).filter(hasUnpaidInstalment) };
}

const groupsOf = (home: MemberHome) => home.groups ?? null;

/** Issue 16: the course's groups with the member's requests, carried by the member home (read afresh). */
export function useHomeGroups() {
  const token = useAuthStore((s) => s.token);
  return useQuery({ ...homeQuery(token), select: groupsOf });
}
