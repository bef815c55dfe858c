import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookAddressBody, BookDeliveriesView, BookDeliveryView } from '@rian/proto-contracts/bookings';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MEMBER_KEY } from './my-enrolments';

const KEY = [...MEMBER_KEY, 'book-deliveries'] as const;
const PATH = '/bookings/member/book-deliveries';

/**
 * GET /api/bookings/member/book-deliveries — the member's book-delivery requests, read once on
 * entering the member area (one read of the bookings service; the side panel's button and state).
 * No retry and no error shown: without it, the panel simply offers no book delivery.
 */
export function useBookDeliveries() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...KEY, token],
    queryFn: ({ signal }) => api<BookDeliveriesView>(PATH, { signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
  });
}

/** PUT /member/book-deliveries/:orderId — save or change the address while the book is not sent. */
export function useSaveBookAddress() {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.token);
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: BookAddressBody }) =>
      api<BookDeliveryView>(`${PATH}/${encodeURIComponent(orderId)}`, { method: 'PUT', body }),
    onSuccess: (saved) =>
      queryClient.setQueryData<BookDeliveriesView>([...KEY, token], (old) =>
        old ? { items: old.items.map((d) => (d.orderId === saved.orderId ? saved : d)) } : { items: [saved] },
      ),
  });
}

const RANK: Record<BookDeliveryView['state'], number> = {
  address_needed: 0,
  requested: 1,
  dispatched: 2,
  cancelled: 3,
};

/**
 * Spec 01 §2: the side panel's book delivery for the selected course — the request whose courses
 * include it (one still needing an address first); none for a cancelled one or another course.
 */
export function deliveryFor(
  items: readonly BookDeliveryView[] | undefined,
  courseId: string | null | undefined,
): BookDeliveryView | null {
  if (!items || !courseId) return null;
  const mine = items
    .filter((d) => d.state !== 'cancelled' && d.courseIds.includes(courseId))
    .sort((a, b) => RANK[a.state] - RANK[b.state]);
  return mine[0] ?? null;
}
