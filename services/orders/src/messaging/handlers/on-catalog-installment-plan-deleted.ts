import { on } from '@rian/kit/consumer';
import { InstallmentPlanDeleted } from '@rian/proto-contracts/catalog-commerce';
import { lockProduct } from '../catalog-feed.js';

/** A plan was deleted (its e-mails with it); a later `changed` of it is older and stays ignored. */
export const onCatalogInstallmentPlanDeleted = on(InstallmentPlanDeleted, async (event, { em }) => {
  const { planId, productId, deletedAt } = event.data;
  await lockProduct(em, productId);
  await em.execute(
    `insert into catalog_tombstones (kind, id, deleted_at) values ('installment-plan', ?, ?)
     on conflict do nothing`,
    [planId, deletedAt],
  );
  await em.execute('delete from installment_plans where plan_id = ?', [planId]);
});
