import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Instructor, Page } from '@/types/api';
import { catalogPaths } from './endpoints';

/** GET /api/catalog/instructors — speakers not hidden, by item then name (the server orders them). */
export function useInstructors(pageSize = 100) {
  return useQuery({
    queryKey: ['catalog', 'instructors', pageSize],
    queryFn: ({ signal }) =>
      api<Page<Instructor>>(catalogPaths.instructors(), { query: { page: 1, pageSize }, signal }),
    staleTime: 60_000,
  });
}
