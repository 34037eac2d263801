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
 * The stock rule of a sale (docs/design-variants.md): a variant gives what it holds of the quantity, its
 * style's unassigned stock the rest; when both together fall short, a counter sale is short (nothing is
 * taken), a paid sale takes the rest below zero on the variant (on the unassigned stock when it has no
 * variant). Takes are met in variant-id order, the order their rows are locked. `stockTakeCtes`
 * (sales.queries.ts) is the same rule in SQL for a counter sale on PostgreSQL.
 */
export function planStockTakes(
  takes: StockTake[],
  state: { variants: ReadonlyMap<number, number>; unassigned: ReadonlyMap<number, number> },
  { paid }: { paid: boolean },
): StockPlan {
  const unassigned = new Map(state.unassigned);
  const changes: StockChanges = { variants: new Map(), products: new Map() };
  const shortfalls: StockPlan['shortfalls'] = [];
  const inOrder = [...takes].sort((a, b) => (a.variantId ?? Infinity) - (b.variantId ?? Infinity));
  for (const take of inOrder) {
    const held = take.variantId === null ? 0 : Math.max(0, state.variants.get(take.variantId) ?? 0);
    const fromVariant = Math.min(held, take.quantity);
    const pool = unassigned.get(take.productId) ?? 0;
    const fromUnassigned = Math.min(Math.max(0, pool), take.quantity - fromVariant);
    const rest = take.quantity - fromVariant - fromUnassigned;
    if (rest > 0 && !paid) return { changes: { variants: new Map(), products: new Map() }, short: take, shortfalls };
    if (rest > 0) shortfalls.push({ take, short: rest });
    unassigned.set(take.productId, pool - fromUnassigned - (take.variantId === null ? rest : 0));
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
