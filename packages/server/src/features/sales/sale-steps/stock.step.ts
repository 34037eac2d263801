import { sellableUnits, variantName } from '@pos/core';
import { AppError } from '../../../http/app-error';
import type { StockTake } from '../sales.queries';
import type { SaleLines } from './lines.step';
import type { ProductOfSale, SaleContext } from './sale-context';
import { planStockTakes } from './stock-plan';

export function insufficientStock(name: string, productId: number, available: number): AppError {
  return new AppError({ status: 409, code: 'INSUFFICIENT_STOCK', details: { productId, name, available } });
}

/** The name a take's refusal or flag gives: "โปโล ดำ / M", or the style's for its unassigned stock. */
export function takeName(
  take: StockTake,
  lines: Pick<SaleLines, 'variants'>,
  product: Pick<ProductOfSale, 'name'>,
): string {
  const variant = take.variantId === null ? undefined : lines.variants.get(take.variantId);
  return variant ? variantName(product.name, variant) : product.name;
}

/**
 * Step: the stock each variant of the sale takes (one take per variant, lines of the same variant added
 * up), refused at the counter when the stock as read does not cover it; the hold takes it for certain
 * under its locks (a paid sale takes it below zero, flagged there). A line of a paid sale whose variant is
 * gone takes from its style's unassigned stock; a product gone altogether takes none.
 */
export function checkStock({ policy }: SaleContext, lines: SaleLines): StockTake[] {
  const takes = new Map<string, StockTake>();
  for (const { item, product, variantRow } of lines.lines) {
    const base = lines.products.get(product.id)!;
    if (base.gone) continue;
    const variantId = variantRow?.id ?? null;
    const key = `${product.id}|${variantId}`;
    const take = takes.get(key) ?? {
      productId: product.id,
      variantId,
      quantity: 0,
      variantStockRead: Number(variantRow?.stock ?? 0),
      unassignedRead: Number(base.unassigned_stock),
      styleStockRead: Number(base.stock),
    };
    take.quantity += item.quantity;
    takes.set(key, take);
  }
  const all = [...takes.values()];
  const { short } = planStockTakes(all, readState(all), { paid: false });
  if (short) {
    const product = lines.products.get(short.productId)!;
    const available = sellableUnits(short.variantStockRead, short.unassignedRead);
    policy.refuse(insufficientStock(takeName(short, lines, product), product.id, available));
  }
  return all;
}

/** The stock the sale's transaction read, as `planStockTakes` takes it. */
export function readState(takes: StockTake[]) {
  return {
    variants: new Map(takes.flatMap((t) => (t.variantId === null ? [] : [[t.variantId, t.variantStockRead] as const]))),
    unassigned: new Map(takes.map((t) => [t.productId, t.unassignedRead] as const)),
  };
}
