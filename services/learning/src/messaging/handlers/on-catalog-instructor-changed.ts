import { on } from '@rian/kit/consumer';
import { InstructorChanged } from '@rian/proto-contracts/catalog-content';

/**
 * Catalog added or changed an instructor: learning keeps its name, picture and hidden flag (what
 * a session shows). The newest `updatedAt` wins; a deleted one (tombstone) is not brought back.
 */
export const onCatalogInstructorChanged = on(InstructorChanged, async (event, { em, logger }) => {
  const d = event.data;
  const rows = (await em.execute(
    `insert into instructors (instructor_id, name, img, hidden, changed_at)
     values (?, ?, ?, ?, ?::timestamptz)
     on conflict (instructor_id) do update set
       name = excluded.name, img = excluded.img, hidden = excluded.hidden, changed_at = excluded.changed_at
      where instructors.deleted_at is null and instructors.changed_at <= excluded.changed_at
     returning instructor_id`,
    [d.id, d.name, d.img, d.hide === 'Y', d.updatedAt],
    'all',
  )) as unknown[];
  if (!rows.length) logger.info({ instructorId: d.id }, 'older or deleted instructor: ignored');
});
