/**
 * The stock rule of sizes and colours (docs/design-variants.md, "Stock rules"), the one place it is
 * written in code: a variant sells its own stock and its style's unassigned stock (stock counted before
 * sizes were); a sale takes from the variant's own stock first and the shortfall from the style's
 * unassigned stock; a style's stock is its variants' stock and its unassigned stock together (kept so
 * by the server's writes, in SQL). A plain product is a style of one variant and no unassigned stock.
 * Stock below zero (a paid sale that fell short) gives nothing. The server's counter sale on PostgreSQL
 * repeats the taking in SQL (`stockTakeCtes`), under the rows' locks.
 */

/** What a variant can sell before anything is taken: its own stock and its style's unassigned stock. */
export function sellableUnits(variantStock: number, unassigned: number): number {
  return Math.max(0, variantStock) + Math.max(0, unassigned);
}

/** Units wanted of one variant of a style (all its lines added up), and the stock that variant holds. */
export interface VariantWant {
  quantity: number;
  stock: number;
}

/** Where one variant's quantity comes from; `short` is what neither covers. */
export interface VariantTake {
  fromVariant: number;
  fromUnassigned: number;
  short: number;
}

export interface StyleTakes {
  /** One take a want, in the order wanted. */
  takes: VariantTake[];
  /** The unassigned stock after the takes (below zero only if it started there). */
  unassignedLeft: number;
  /** What the takes fall short by in all. */
  short: number;
}

/**
 * The takes of one style's variants: each variant gives what it holds, the unassigned stock the rest,
 * met in the order given (the wants that come first draw on the shared unassigned stock first).
 */
export function planStyleTakes(wanted: readonly VariantWant[], unassigned: number): StyleTakes {
  let pool = unassigned;
  let short = 0;
  const takes = wanted.map(({ quantity, stock }) => {
    const fromVariant = Math.min(Math.max(0, stock), quantity);
    const fromUnassigned = Math.min(Math.max(0, pool), quantity - fromVariant);
    const take = { fromVariant, fromUnassigned, short: quantity - fromVariant - fromUnassigned };
    pool -= fromUnassigned;
    short += take.short;
    return take;
  });
  return { takes, unassignedLeft: pool, short };
}
