import { on } from '@rian/kit/consumer';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { openForPaidOrder } from '../../plugins/app/book-deliveries.js';

/** A paid order of a product with a book opens its delivery request (or waits for the product). */
export const onOrdersOrderPaid = on(OrderPaid, async (event, { em, logger }) => {
  await openForPaidOrder(em, event.data, logger);
});
