import type { DbExecutor } from '../../../db/executor';
import { returnStock, returnVariantStock } from '../refunds.queries';
import type { RefundPlan } from './refund-context';

export interface StockReturned {
  productId: number;
  /** The variant the units went back to; null: the style's unassigned stock (a line older than variants). */
  variantId: number | null;
  quantity: number;
  /** The style's stock after this return (returns of one style step up one after the other). */
  stock: number;
}

/**
 * Step, the refund's first lock: the units back on the shelf of the variant each line sold, variants in
 * id order, then their styles in id order. A sale locks its variants and products before its customer,
 * its document counter and the report rollups, and a refund takes them in that same order, so the two
 * never wait on each other in a circle (PostgreSQL answered such a circle with a deadlock, a 500). A line
 * without a variant goes back to its style's unassigned stock; a product deleted since takes nothing back.
 */
export async function returnUnits(
  trx: DbExecutor,
  { lines, wanted }: Pick<RefundPlan, 'lines' | 'wanted'>,
  nowIso: string,
): Promise<StockReturned[]> {
  const back = new Map<string, { productId: number; variantId: number | null; quantity: number }>();
  for (const line of lines) {
    const quantity = wanted.get(line.id);
    if (!quantity || line.product_id === null) continue;
    const key = `${line.product_id}|${line.variant_id}`;
    const entry = back.get(key) ?? { productId: line.product_id, variantId: line.variant_id, quantity: 0 };
    entry.quantity += quantity;
    back.set(key, entry);
  }
  const entries = [...back.values()].sort((a, b) => (a.variantId ?? Infinity) - (b.variantId ?? Infinity));
  const styles = new Map<number, { quantity: number; unassigned: number }>();
  for (const entry of entries) {
    if (entry.variantId !== null && !(await returnVariantStock(trx, entry.variantId, entry.quantity, nowIso))) {
      entry.variantId = null;
    }
    const style = styles.get(entry.productId) ?? { quantity: 0, unassigned: 0 };
    style.quantity += entry.quantity;
    if (entry.variantId === null) style.unassigned += entry.quantity;
    styles.set(entry.productId, style);
  }
  const before = new Map<number, number>();
  for (const productId of [...styles.keys()].sort((a, b) => a - b)) {
    const style = styles.get(productId)!;
    const stock = await returnStock(trx, { productId, ...style, now: nowIso });
    if (stock !== undefined) before.set(productId, stock - style.quantity);
  }
  return entries
    .filter((e) => before.has(e.productId))
    .map((entry) => {
      const stock = before.get(entry.productId)! + entry.quantity;
      before.set(entry.productId, stock);
      return { ...entry, stock };
    });
}
