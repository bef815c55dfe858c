import type { EntityManager } from '@rian/kit/db';
import {
  installmentsBecoming,
  ordersBecoming,
  type InstallmentStatus,
  type OrderStatus,
} from '../../domain/order-status.js';

/**
 * The only writers of order and instalment statuses (paid, cancelled, a slip sent or rejected):
 * each update is guarded by the statuses the transition tables of domain/order-status.ts allow to
 * become the new one — so no handler spells a status in SQL, and a redelivered event or a race
 * that finds the row already moved changes nothing. Callers hold the order's row lock where it matters.
 */

/** Columns set together with the status (snake_case as stored), e.g. `{ cancelled_at: now }`. */
type Columns = Record<string, unknown>;

/** Moves the order to `to` when the table allows it from its current status; true if it moved. */
export async function moveOrder(
  em: EntityManager,
  orderId: string,
  to: OrderStatus,
  columns: Columns = {},
): Promise<boolean> {
  const from = ordersBecoming(to);
  if (!from.length) return false;
  const names = Object.keys(columns);
  const rows = (await em.execute(
    `update orders set status = ?${names.map((n) => `, ${n} = ?`).join('')}
      where order_id = ? and status in (${from.map(() => '?').join(', ')}) returning order_id`,
    [to, ...names.map((n) => columns[n]), orderId, ...from] as never[],
  )) as unknown[];
  return rows.length > 0;
}

/** Moves the order's instalments (one `period`, or all when null) that may become `to`; how many moved. */
export async function moveInstallments(
  em: EntityManager,
  orderId: string,
  period: number | null,
  to: InstallmentStatus,
): Promise<number> {
  const from = installmentsBecoming(to);
  const rows = (await em.execute(
    `update order_transfers set status = ?
      where order_id = ?${period === null ? '' : ' and period = ?'} and status in (${from.map(() => '?').join(', ')})
      returning period`,
    [to, orderId, ...(period === null ? [] : [period]), ...from] as never[],
  )) as unknown[];
  return rows.length;
}
