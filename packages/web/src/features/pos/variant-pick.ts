/**
 * The size/colour picker's rules, as pure functions: which groups it asks,
 * what is chosen before the cashier touches anything, and number keys.
 */
import { variantProblem, type VariantChoice, type VariantLists } from '@pos/core';

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

export function isComplete(product: VariantLists, pick: VariantChoice): boolean {
  return variantProblem(product, pick) === null;
}

/** The first group still without a choice, or null when everything is chosen. */
export function groupToAsk(product: VariantLists, pick: VariantChoice): VariantGroup | null {
  return pickerGroups(product).find((group) => pick[group] === null) ?? null;
}

/** Number key n (1-based) chooses the n-th value of the group; null when there is no such value. */
export function pickNumber(
  product: VariantLists,
  pick: VariantChoice,
  group: VariantGroup,
  n: number,
): VariantChoice | null {
  const value = valuesOf(product, group)[n - 1];
  return value === undefined ? null : { ...pick, [group]: value };
}
