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

/** A style (product) has at most this many size × colour variants (issue 34). */
export const MAX_VARIANTS_PER_STYLE = 500;

/** The longest SKU or barcode (the product form's bound). */
const CODE_MAX = 64;

/** Every size × colour combination of the lists, sizes outer (a list left empty stands for "none"). */
export function variantCombinations(product: VariantLists): VariantChoice[] {
  const sizes = product.sizes.length > 0 ? product.sizes : [null];
  const colors = product.colors.length > 0 ? product.colors : [null];
  return sizes.flatMap((size) => colors.map((color) => ({ size, color })));
}

/** One part of a generated code: the value itself when it is short plain ASCII, else its place ("S2", "C3"). */
function codePart(value: string, index: number, prefix: 'S' | 'C'): string {
  return /^[A-Za-z0-9]{1,10}$/.test(value) ? value.toUpperCase() : `${prefix}${index + 1}`;
}

/**
 * The SKU a new variant is given from its style's: `POLO-M-BLACK`, with a size or colour that is not
 * plain ASCII (Thai names) written as its place in the list (`POLO-M-C2`), so the code can be printed
 * and scanned (labels encode printable ASCII only). The caller makes it unique.
 */
export function variantSku(styleSku: string, product: VariantLists, choice: VariantChoice): string {
  const parts: string[] = [];
  if (choice.size !== null) parts.push(codePart(choice.size, product.sizes.indexOf(choice.size), 'S'));
  if (choice.color !== null) parts.push(codePart(choice.color, product.colors.indexOf(choice.color), 'C'));
  if (parts.length === 0) return styleSku;
  const suffix = `-${parts.join('-')}`;
  return `${styleSku.slice(0, CODE_MAX - suffix.length)}${suffix}`;
}

/** `code` made unique against `taken` (lower-cased codes) with a counter: `POLO-M-2`; adds it to `taken`. */
export function uniqueCode(code: string, taken: Set<string>): string {
  let candidate = code;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
    const suffix = `-${n}`;
    candidate = `${code.slice(0, CODE_MAX - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * What a variant sells at: its own price, or its style's when it has none (in whatever unit both are given:
 * baht at the API's edge, satang inside).
 */
export function variantPrice(style: { price: number }, variant: { price: number | null }): number {
  return variant.price ?? style.price;
}

/** How a variant is named on receipts, reports and refusals: "โปโล ดำ / M" (the style's name alone when it has none). */
export function variantName(styleName: string, choice: VariantChoice): string {
  const withColor = choice.color === null ? styleName : `${styleName} ${choice.color}`;
  return choice.size === null ? withColor : `${withColor} / ${choice.size}`;
}
