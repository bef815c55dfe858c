import { on } from '@rian/kit/consumer';
import { PaymentTypeChanged } from '@rian/proto-contracts/payments';

/**
 * Payments switched a payment type on or off: the read model keeps the highest revision per type, so a
 * late or replayed event never undoes a newer one. Checkout refuses a type whose flag is Y.
 */
export const onPaymentsPaymentTypeChanged = on(PaymentTypeChanged, async (event, { em }) => {
  const { paymentTypeId, disable, revision, changedAt } = event.data;
  await em.execute(
    `insert into payment_type_states (payment_type_id, disable, revision, changed_at)
     values (?, ?, ?, ?)
     on conflict (payment_type_id) do update
        set disable = excluded.disable, revision = excluded.revision, changed_at = excluded.changed_at
      where payment_type_states.revision < excluded.revision`,
    [paymentTypeId, disable, revision, changedAt] as never[],
  );
});
