import { on } from '@rian/kit/consumer';
import { ProductCoursesChanged } from '@rian/proto-contracts/catalog-commerce';
import { lockProduct, PRODUCT_NOT_DELETED, wrote } from '../catalog-feed.js';

/** The courses a product grants changed: the whole list, kept when its revision is higher than ours. */
export const onCatalogProductCoursesChanged = on(ProductCoursesChanged, async (event, { em, logger }) => {
  const d = event.data;
  await lockProduct(em, d.productId);
  const applied = await wrote(
    em,
    `insert into product_courses (product_id, course_ids, revision, changed_at)
     select ?::uuid, ?::jsonb, ?::int, ?::timestamptz
      where ${PRODUCT_NOT_DELETED}
     on conflict (product_id) do update set
       course_ids = excluded.course_ids, revision = excluded.revision, changed_at = excluded.changed_at
      where product_courses.revision < excluded.revision
     returning product_id`,
    [d.productId, JSON.stringify(d.courseIds), d.revision, d.changedAt, d.productId],
  );
  if (!applied) {
    logger.info({ productId: d.productId, revision: d.revision }, 'older course list: event ignored');
  }
});
