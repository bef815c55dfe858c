import { on } from '@rian/kit/consumer';
import { OrderPaid } from '@rian/proto-contracts/orders';
import type { UserAdmin } from '../../plugins/app/user-admin.js';

/**
 * An order was paid: the buyer becomes Premium (if New or Wait) and gains the membership code of
 * the price bought at (unless NL), recorded and announced as the back office's edits are, by
 * `system:orders`. Once: the inbox skips a redelivered event; a buyer already Premium with the code
 * (a second order) changes nothing and publishes nothing.
 */
export const onOrdersOrderPaid = (userAdmin: () => UserAdmin) =>
  on(OrderPaid, async (event, { em }) => {
    await userAdmin().applyPaidOrder(em, event.data);
    await em.flush();
  });
