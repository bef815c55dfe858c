import type { KnownCoursesPage } from '@rian/proto-contracts/catalog-commerce';
import { staffApi } from '@/lib/staff-api';
import { useStaffQuery } from './query';

const PATH = '/catalog/admin/learning-courses';

/** Learning's courses catalog knows whose title or code holds `q` (by title): what staff pick from. */
export function useKnownCourseSearch(q: string, enabled: boolean) {
  return useStaffQuery(
    ['known-courses', 'search', q],
    (signal) => staffApi<KnownCoursesPage>(PATH, { query: { q, page: 1, pageSize: 10 }, signal }),
    { enabled },
  );
}

/** The courses of these ids (a product's list): their titles and codes. */
export function useKnownCoursesOf(ids: readonly string[]) {
  const sorted = [...ids].sort();
  return useStaffQuery(
    ['known-courses', 'ids', sorted.join(',')],
    (signal) =>
      staffApi<KnownCoursesPage>(PATH, {
        query: { ids: sorted.join(','), page: 1, pageSize: 100 },
        signal,
      }),
    { enabled: ids.length > 0, keepPrevious: false },
  );
}
