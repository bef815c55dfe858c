import type { PersonnelView } from '@rian/proto-contracts/auth-admin';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import { staffApi } from '@/lib/staff-api';
import { staffQueries } from '@/lib/staff-crud';
import { useStaffStore } from '@/stores/staff-store';
import type { Page, User } from '@/types/api';
import { LEARNING_KEY } from './courses';

// Other services' back-office reads the learning pages need (features do not import each other).
const { useStaffQuery } = staffQueries(LEARNING_KEY);
const MINUTES_5 = 5 * 60_000;

/** GET /api/auth/admin/users?q= — members matching an e-mail, name, phone or member code. */
export function useMemberSearch(q: string) {
  return useStaffQuery(
    ['members', q.trim()],
    (signal) =>
      staffApi<Page<User>>('/auth/admin/users', {
        query: { q: q.trim(), page: 1, pageSize: 10, sort: 'email' },
        signal,
      }),
    { enabled: q.trim().length >= 2, keepPrevious: false },
  );
}

/** GET /api/auth/admin/users/:id — one member (enrolment rows name members by user id). */
export function useMember(userId: string) {
  return useStaffQuery(
    ['member', userId],
    (signal) =>
      staffApi<{ user: User }>(`/auth/admin/users/${encodeURIComponent(userId)}`, { signal }).then(
        (r) => r.user,
      ),
    { enabled: Boolean(userId), staleTime: MINUTES_5, keepPrevious: false },
  );
}

/**
 * Staff names by id (who set a flag, who changed an enrolment): the personnel list, which only an
 * admin may read; others see the signed-in staff member's own name and short ids.
 */
export function useStaffNames(): (id: string | null) => string {
  const me = useStaffStore((s) => s.staff);
  const personnel = useStaffQuery(
    ['personnel-names'],
    (signal) =>
      staffApi<Page<PersonnelView>>('/auth/admin/personnel', { query: { page: 1, pageSize: 100 }, signal }),
    { enabled: me?.role === 'admin', staleTime: MINUTES_5 },
  );
  return (id) => {
    if (!id) return '–';
    if (id === me?.id) return me.name;
    const p = personnel.data?.items.find((x) => x.id === id);
    return p ? [p.name, p.lastName].filter(Boolean).join(' ') : id.slice(0, 8);
  };
}

/** GET /api/catalog/admin/products — products to choose from (newest 100, or matching `q`). */
export function useProductChoices(q: string) {
  return useStaffQuery(['products', q.trim()], (signal) =>
    staffApi<Page<ProductStaff>>('/catalog/admin/products', {
      query: { q: q.trim() || undefined, page: 1, pageSize: 100 },
      signal,
    }),
  );
}
