import { on } from '@rian/kit/consumer';
import { BookDispatched } from '@rian/proto-contracts/orders-admin';
import { applyDispatched } from '../../plugins/app/book-deliveries.js';

/** Staff set a book order's dispatch flag or tracking in orders: the member's request shows it. */
export const onOrdersBookDispatched = on(BookDispatched, async (event, { em, logger }) => {
  await applyDispatched(em, event.data, logger);
});
