import { courses, LEARNING_KEY } from './courses';
import { staffQueries } from '@/lib/staff-crud';

const { useStaffQuery } = staffQueries(LEARNING_KEY);

/** Courses to choose from (filters, grant by hand): up to 100 by title. */
export function useCourseChoices() {
  return useStaffQuery(
    ['courses', 'choices'],
    (signal) => courses.list({ page: 1, pageSize: 100, sort: 'title' }, signal),
    { staleTime: 60_000 },
  );
}
