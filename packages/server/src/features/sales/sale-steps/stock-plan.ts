import { planStyleTakes, type VariantTake } from '@pos/core';
import type { StockChanges, StockTake } from '../sales.queries';

/** What a sale's takes come to against the stock they meet. */
export interface StockPlan {
  changes: StockChanges;
  /** The first take (in variant-id order) the stock does not cover; a counter sale stops there. */
  short: StockTake | null;
  /** A paid sale's takes the stock did not cover, and by how many units (taken below zero). */
  shortfalls: { take: StockTake; short: number }[];
}

/**
 * The stock rule of a sale (core `planStyleTakes`, docs/design-variants.md): a variant gives what it holds
 * of the quantity, its style's unassigned stock the rest; when both together fall short, a counter sale is
 * short (nothing is taken), a paid sale takes the rest below zero on the variant (on the unassigned stock
 * when it has no variant). Takes are met in variant-id order, the order their rows are locked. `stockTakeCtes`
 * (sales.queries.ts) is the same rule in SQL for a counter sale on PostgreSQL.
 */
export function planStockTakes(
  takes: StockTake[],
  state: { variants: ReadonlyMap<number, number>; unassigned: ReadonlyMap<number, number> },
  { paid }: { paid: boolean },
): StockPlan {
  const inOrder = [...takes].sort((a, b) => (a.variantId ?? Infinity) - (b.variantId ?? Infinity));
  const splits = splitByStyle(inOrder, state);
  const changes: StockChanges = { variants: new Map(), products: new Map() };
  const shortfalls: StockPlan['shortfalls'] = [];
  for (const take of inOrder) {
    const { fromVariant, fromUnassigned, short: rest } = splits.get(take)!;
    if (rest > 0 && !paid) return { changes: { variants: new Map(), products: new Map() }, short: take, shortfalls };
    if (rest > 0) shortfalls.push({ take, short: rest });
    if (take.variantId !== null) {
      const off = fromVariant + rest;
      changes.variants.set(take.variantId, (changes.variants.get(take.variantId) ?? 0) + off);
    }
    const style = changes.products.get(take.productId) ?? { quantity: 0, unassigned: 0 };
    style.quantity += take.quantity;
    style.unassigned += fromUnassigned + (take.variantId === null ? rest : 0);
    changes.products.set(take.productId, style);
  }
  return { changes, short: null, shortfalls };
}

/** Each take's split between its variant's stock and its style's unassigned stock, style by style. */
function splitByStyle(
  inOrder: StockTake[],
  state: { variants: ReadonlyMap<number, number>; unassigned: ReadonlyMap<number, number> },
): Map<StockTake, VariantTake> {
  const styles = new Map<number, StockTake[]>();
  for (const take of inOrder) {
    const style = styles.get(take.productId) ?? [];
    style.push(take);
    styles.set(take.productId, style);
  }
  const splits = new Map<StockTake, VariantTake>();
  for (const [productId, styleTakes] of styles) {
    const wanted = styleTakes.map((t) => ({
      quantity: t.quantity,
      // A take without a variant (a paid line whose variant is gone) holds nothing of its own.
      stock: t.variantId === null ? 0 : (state.variants.get(t.variantId) ?? 0),
    }));
    const { takes } = planStyleTakes(wanted, state.unassigned.get(productId) ?? 0);
    styleTakes.forEach((take, i) => splits.set(take, takes[i]!));
  }
  return splits;
}
