import type {
  InstructorCreateBody,
  InstructorSort,
  InstructorStaff,
} from '@rian/proto-contracts/catalog-content';
import type { ListParams } from '@/hooks/use-list-params';
import { crud } from '@/lib/staff-crud';
import { useStaffMutation, useStaffQuery } from './query';

export const INSTRUCTOR_SORTS: readonly InstructorSort[] = [
  'item',
  '-item',
  'name',
  '-name',
  'createdAt',
  '-createdAt',
];

export const instructors = crud<InstructorStaff, InstructorCreateBody>('/catalog/admin/instructors');

/** Every instructor (speaker), hidden ones too; q matches name or position. */
export function useInstructors(params: ListParams<InstructorSort>) {
  return useStaffQuery(['instructors', params], (signal) =>
    instructors.list(
      { q: params.q.trim() || undefined, page: params.page, pageSize: params.pageSize, sort: params.sort },
      signal,
    ),
  );
}

export const useSaveInstructor = () => useStaffMutation(instructors.save);
export const useDeleteInstructor = () => useStaffMutation(instructors.remove);
