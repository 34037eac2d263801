import type { DbExecutor } from '../../../db/executor';
import { findCustomerForRefund, setCustomerFigures } from '../refunds.queries';
import type { RefundPlan } from './refund-context';

export interface PointsBack {
  pointsTaken: number;
  pointsReturned: number;
  /** Earned points the customer had spent already: not taken (the balance never goes below 0), recorded. */
  pointsShortfall: number;
  /** The customer's address at the refund, for a credit note's buyer. */
  buyerAddress: string | null;
}

/** floor(value × part / whole): points are whole, and a partial refund never takes back more than its share. */
export function floorShare(value: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  return Number((BigInt(value) * BigInt(part)) / BigInt(whole));
}

/**
 * Step: the customer's points and totals. Earned points are taken back and used ones given back, each in
 * proportion to the cumulative share refunded (so refunding a sale in parts gives back exactly its points).
 */
export async function customerPointsBack(
  trx: DbExecutor,
  plan: Pick<RefundPlan, 'sale' | 'fully' | 'valueAfter' | 'subtotal' | 'before' | 'amount'>,
  nowIso: string,
): Promise<PointsBack> {
  const { sale, fully, valueAfter, subtotal, before, amount } = plan;
  const none = { pointsTaken: 0, pointsReturned: 0, pointsShortfall: 0, buyerAddress: null };
  if (sale.customer_id === null) return none;
  const dueAfter = fully ? sale.points_earned : floorShare(sale.points_earned, valueAfter, subtotal);
  const returnedAfter = fully ? sale.points_used : floorShare(sale.points_used, valueAfter, subtotal);
  const due = dueAfter - before.pointsDue;
  const pointsReturned = returnedAfter - before.pointsReturned;
  const customer = await findCustomerForRefund(trx, sale.customer_id);
  if (!customer) return { ...none, pointsReturned };
  const balance = customer.loyalty_points + pointsReturned - due;
  const pointsShortfall = balance < 0 ? -balance : 0;
  await setCustomerFigures(trx, customer.id, {
    loyalty_points: Math.max(0, balance),
    total_purchases: Math.max(0, customer.total_purchases - (fully ? 1 : 0)),
    total_spent: Math.max(0, customer.total_spent - amount),
    updated_at: nowIso,
  });
  return {
    pointsTaken: due - pointsShortfall,
    pointsReturned,
    pointsShortfall,
    buyerAddress: customer.address?.trim() ? customer.address : null,
  };
}
