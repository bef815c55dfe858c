import { on } from '@rian/kit/consumer';
import { InstructorDeleted } from '@rian/proto-contracts/catalog-content';

/**
 * Catalog deleted an instructor: kept as a tombstone (ids are never reused), so sessions naming it
 * show no instructor and a `changed` arriving late does not bring it back. Sessions keep the id.
 */
export const onCatalogInstructorDeleted = on(InstructorDeleted, async (event, { em }) => {
  const d = event.data;
  await em.execute(
    `insert into instructors (instructor_id, name, img, hidden, changed_at, deleted_at)
     values (?, '', null, true, ?::timestamptz, ?::timestamptz)
     on conflict (instructor_id) do update set deleted_at = excluded.deleted_at`,
    [d.id, d.deletedAt, d.deletedAt],
  );
});
