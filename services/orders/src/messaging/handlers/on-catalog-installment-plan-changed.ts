import { on } from '@rian/kit/consumer';
import { InstallmentPlanChanged } from '@rian/proto-contracts/catalog-commerce';
import { lockProduct, PLAN_NOT_DELETED, PRODUCT_NOT_DELETED, wrote } from '../catalog-feed.js';

/**
 * A plan was created or changed, or its e-mail list changed: the whole plan and its active e-mails.
 * Kept when its revision is higher than ours; the e-mail list is then replaced whole.
 */
export const onCatalogInstallmentPlanChanged = on(InstallmentPlanChanged, async (event, { em, logger }) => {
  const d = event.data;
  await lockProduct(em, d.productId);
  const applied = await wrote(
    em,
    `insert into installment_plans
       (plan_id, product_id, name, detail, type, count, start_date, to_date, revision, changed_at)
     select ?::uuid, ?::uuid, ?, ?, ?, ?::int, ?::date, ?::date, ?::int, ?::timestamptz
      where ${PRODUCT_NOT_DELETED} and ${PLAN_NOT_DELETED}
     on conflict (plan_id) do update set
       name = excluded.name, detail = excluded.detail, type = excluded.type, count = excluded.count,
       start_date = excluded.start_date, to_date = excluded.to_date, revision = excluded.revision,
       changed_at = excluded.changed_at
      where installment_plans.revision < excluded.revision
     returning plan_id`,
    [
      d.planId,
      d.productId,
      d.name,
      d.detail,
      d.type,
      d.count,
      d.start,
      d.to,
      d.revision,
      d.changedAt,
      d.productId,
      d.planId,
    ],
  );
  if (!applied) {
    logger.info({ planId: d.planId, revision: d.revision }, 'older or deleted plan: event ignored');
    return;
  }
  await em.execute('delete from installment_plan_emails where plan_id = ?', [d.planId]);
  await em.execute(
    `insert into installment_plan_emails (plan_id, email)
     select ?::uuid, lower(trim(e)) from jsonb_array_elements_text(?::jsonb) as e
     on conflict do nothing`,
    [d.planId, JSON.stringify(d.emails)],
  );
});
