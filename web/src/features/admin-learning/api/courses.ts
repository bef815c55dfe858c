import type { CourseCreateBody, CourseSort, CourseStaff, CourseStatus } from '@rian/proto-contracts/learning';
import type { ListParams } from '@/hooks/use-list-params';
import { crud, staffQueries } from '@/lib/staff-crud';

/** proto-contracts learning COURSE_STATUSES (kept here: a value import would bring TypeBox into the chunk) */
export const COURSE_STATUSES: readonly CourseStatus[] = ['open', 'closed'];

export const COURSE_SORTS: readonly CourseSort[] = [
  '-createdAt',
  'createdAt',
  'title',
  '-title',
  'date',
  '-date',
];

/** Every learning query of the back office lives under this key; a change refreshes them all. */
export const LEARNING_KEY = ['admin', 'learning'] as const;
const { useStaffQuery, useStaffMutation } = staffQueries(LEARNING_KEY);

/** GET/POST/PUT/DELETE /api/learning/admin/courses (spec 02 §7 "courses"). */
export const courses = crud<CourseStaff, CourseCreateBody>('/learning/admin/courses');

/** q matches title or code; status '' = any. */
export function useCourses(params: ListParams<CourseSort>, status: CourseStatus | '' = '') {
  return useStaffQuery(['courses', params, status], (signal) =>
    courses.list(
      {
        q: params.q.trim() || undefined,
        status: status || undefined,
        page: params.page,
        pageSize: params.pageSize,
        sort: params.sort,
      },
      signal,
    ),
  );
}

export const useSaveCourse = () => useStaffMutation(courses.save);
export const useDeleteCourse = () => useStaffMutation(courses.remove);
