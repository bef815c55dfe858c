import { on } from '@rian/kit/consumer';
import { ProductCoursesChanged } from '@rian/proto-contracts/catalog-commerce';

/**
 * Catalog changed the courses a product grants: the whole list, kept when its revision is higher
 * than ours (a late or replayed event never undoes a newer one). Staff's grant-missing reads it.
 */
export const onCatalogProductCoursesChanged = on(ProductCoursesChanged, async (event, { em, logger }) => {
  const d = event.data;
  const rows = (await em.execute(
    `insert into product_courses (product_id, course_ids, revision, changed_at)
     values (?, ?::jsonb, ?, ?::timestamptz)
     on conflict (product_id) do update set
       course_ids = excluded.course_ids, revision = excluded.revision, changed_at = excluded.changed_at
      where product_courses.revision < excluded.revision
     returning product_id`,
    [d.productId, JSON.stringify(d.courseIds), d.revision, d.changedAt],
    'all',
  )) as unknown[];
  if (!rows.length)
    logger.info({ productId: d.productId, revision: d.revision }, 'older course list: ignored');
});
