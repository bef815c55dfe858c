import { staffApi } from '@/lib/staff-api';
import type { Page } from '@/types/api';

type Query = Record<string, string | number | boolean | null | undefined>;
const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/**
 * The calls every catalog resource of the back office answers (spec 02 §7: list, create-or-edit,
 * delete): GET `path` paged, POST `path`, PUT `path/:id` (only the fields sent change),
 * DELETE `path/:id`.
 */
export function crud<T, Body>(path: string) {
  return {
    list: (query: Query, signal?: AbortSignal) => staffApi<Page<T>>(path, { query, signal }),
    /** create without an id, replace the fields sent with one (spec 02 §4 "Create versus update") */
    save: ({ id, body }: { id: string | null; body: Body }) =>
      id ? staffApi<T>(at(path, id), { method: 'PUT', body }) : staffApi<T>(path, { method: 'POST', body }),
    remove: (id: string) => staffApi<void>(at(path, id), { method: 'DELETE' }),
  };
}
