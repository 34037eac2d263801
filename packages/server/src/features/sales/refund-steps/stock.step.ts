import type { DbExecutor } from '../../../db/executor';
import { returnStock } from '../refunds.queries';
import type { RefundPlan } from './refund-context';

export interface StockReturned {
  productId: number;
  quantity: number;
  /** The product's stock after the return. */
  stock: number;
}

/**
 * Step, the refund's first lock: the units back on the shelf, in product-id order. A sale locks its
 * products before its customer, its document counter and the report rollups, and a refund takes them in
 * that same order, so the two never wait on each other in a circle (PostgreSQL answered such a circle
 * with a deadlock, a 500). A product deleted since takes nothing back.
 */
export async function returnUnits(
  trx: DbExecutor,
  { lines, wanted }: Pick<RefundPlan, 'lines' | 'wanted'>,
  nowIso: string,
): Promise<StockReturned[]> {
  const back = new Map<number, number>();
  for (const line of lines) {
    const quantity = wanted.get(line.id);
    if (quantity && line.product_id !== null) back.set(line.product_id, (back.get(line.product_id) ?? 0) + quantity);
  }
  const returned: StockReturned[] = [];
  for (const productId of [...back.keys()].sort((a, b) => a - b)) {
    const quantity = back.get(productId)!;
    const stock = await returnStock(trx, productId, quantity, nowIso);
    if (stock !== undefined) returned.push({ productId, quantity, stock });
  }
  return returned;
}
