/**
 * The size and colour of a sale line: one of the product's sizes and one of its
 * colours, each required when the product offers any. The till and the server
 * share these rules.
 */

export interface VariantLists {
  sizes: readonly string[];
  colors: readonly string[];
}

export interface VariantChoice {
  size: string | null;
  color: string | null;
}

export type VariantProblem = 'SIZE_REQUIRED' | 'SIZE_NOT_OFFERED' | 'COLOR_REQUIRED' | 'COLOR_NOT_OFFERED';

function problemOf(offered: readonly string[], chosen: string | null, kind: 'SIZE' | 'COLOR'): VariantProblem | null {
  if (chosen === null) return offered.length > 0 ? `${kind}_REQUIRED` : null;
  return offered.includes(chosen) ? null : `${kind}_NOT_OFFERED`;
}

/** Why a choice does not fit the product, or null when it does. */
export function variantProblem(product: VariantLists, choice: VariantChoice): VariantProblem | null {
  return problemOf(product.sizes, choice.size, 'SIZE') ?? problemOf(product.colors, choice.color, 'COLOR');
}

/**
 * The choice when there is nothing to ask (at most one size and one colour),
 * or null when the cashier has to pick.
 */
export function onlyVariant(product: VariantLists): VariantChoice | null {
  if (product.sizes.length > 1 || product.colors.length > 1) return null;
  return { size: product.sizes[0] ?? null, color: product.colors[0] ?? null };
}
