/**
 * The size/colour picker's rules, as pure functions: which groups it asks,
 * what is chosen before the cashier touches anything, and number keys.
 */
import { sellableUnits, variantProblem, type PosVariant, type VariantChoice, type VariantLists } from '@pos/core';

/** What the picker knows of a product: its lists, its variants that sell, and the stock not counted per size yet. */
export type PickedProduct = VariantLists & { variants: readonly PosVariant[]; unassigned_stock: number };

export type VariantGroup = 'size' | 'color';

function valuesOf(product: VariantLists, group: VariantGroup): readonly string[] {
  return group === 'size' ? product.sizes : product.colors;
}

/** The groups the picker shows: sizes, then colours, each only when the product has some. */
export function pickerGroups(product: VariantLists): VariantGroup[] {
  return (['size', 'color'] as const).filter((group) => valuesOf(product, group).length > 0);
}

/** A group with a single value starts chosen; the others start empty. */
export function initialPick(product: VariantLists): VariantChoice {
  return {
    size: product.sizes.length === 1 ? (product.sizes[0] ?? null) : null,
    color: product.colors.length === 1 ? (product.colors[0] ?? null) : null,
  };
}

/** The variant a complete choice names, if the product sells it. */
export function chosenVariant(product: PickedProduct, pick: VariantChoice): PosVariant | undefined {
  if (variantProblem(product, pick) !== null) return undefined;
  return product.variants.find((v) => v.size === pick.size && v.color === pick.color);
}

/** Whether a variant has anything to sell: its own stock, or its product's stock not counted per size. */
function sells(product: PickedProduct, variant: PosVariant): boolean {
  return sellableUnits(variant.stock, product.unassigned_stock) > 0;
}

/** Chosen in full, naming a variant the product sells and has stock for. */
export function isComplete(product: PickedProduct, pick: VariantChoice): boolean {
  const variant = chosenVariant(product, pick);
  return variant !== undefined && sells(product, variant);
}

/** What one value of a group offers, given the other group's choice (none: any of its values). */
export interface ValueOffer {
  /** Units on the shelf counted for it (its variants' own stock). */
  stock: number;
  /** Whether choosing it can sell anything (a sold-out or missing combination cannot). */
  sellable: boolean;
  /** Its own price, when it names one variant that has one. */
  price: number | null;
}

export function valueOffer(
  product: PickedProduct,
  pick: VariantChoice,
  group: VariantGroup,
  value: string,
): ValueOffer {
  const other: VariantGroup = group === 'size' ? 'color' : 'size';
  const candidates = product.variants.filter(
    (v) => v[group] === value && (pick[other] === null || v[other] === pick[other]),
  );
  const [only] = candidates;
  return {
    stock: candidates.reduce((sum, v) => sum + Math.max(0, v.stock), 0),
    sellable: candidates.some((v) => sells(product, v)),
    price: candidates.length === 1 && only ? only.price : null,
  };
}

/**
 * The first group still without a choice, or null when everything is chosen. A choice that names a
 * sold-out combination asks its last group again.
 */
export function groupToAsk(product: PickedProduct, pick: VariantChoice): VariantGroup | null {
  const groups = pickerGroups(product);
  const open = groups.find((group) => pick[group] === null);
  if (open) return open;
  return isComplete(product, pick) ? null : (groups.at(-1) ?? null);
}

/** Number key n (1-based) chooses the n-th value of the group; null when there is no such value or it is sold out. */
export function pickNumber(
  product: PickedProduct,
  pick: VariantChoice,
  group: VariantGroup,
  n: number,
): VariantChoice | null {
  const value = valuesOf(product, group)[n - 1];
  if (value === undefined || !valueOffer(product, pick, group, value).sellable) return null;
  return { ...pick, [group]: value };
}
