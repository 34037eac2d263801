import {
  printableText,
  variantName,
  variantPrice,
  type Product,
  type ProductVariant,
  type ProductWithVariants,
} from '@pos/core';
import type { BarcodeLabelProduct } from '../../components/barcode/barcode-label';
import { isStyle } from '../products/stock-count';

/** Labels per row on the A4 sheet (spec 001 §9). */
export const LABELS_PER_ROW_OPTIONS = [3, 4] as const;
export type LabelsPerRow = (typeof LABELS_PER_ROW_OPTIONS)[number];
export const DEFAULT_LABELS_PER_ROW: LabelsPerRow = 4;

/** More labels than this for one product is taken as a typing slip and ignored. */
export const MAX_LABEL_COUNT = 1000;

/** Product id → number of labels to print (a style's labels are counted per variant instead). */
export type LabelSelection = ReadonlyMap<number, number>;

/** Variant id → number of labels, where the user changed it (else as many as the variant has in stock). */
export type VariantLabelCounts = ReadonlyMap<number, number>;

/** A chosen style with its variants, by product id: loaded only for the styles chosen. */
export type LoadedStyles = ReadonlyMap<number, ProductWithVariants>;

/**
 * A typed label count: a whole number from `min` (1 for a product, spec 001 §5; 0 for a variant, which
 * skips it). Anything else (empty, negative, decimals, letters, absurdly large) gives null and is ignored.
 */
export function parseLabelCount(text: string, min = 1): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= min && count <= MAX_LABEL_COUNT ? count : null;
}

/** The code a label encodes: the barcode, else the SKU. */
export function labelCode(product: Pick<Product, 'barcode' | 'sku'>): string {
  return product.barcode || product.sku;
}

/** Products whose name or barcode (or SKU) contains the search text, ignoring case. */
export function filterProducts(products: readonly Product[], search: string): Product[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...products];
  return products.filter((p) =>
    [p.name, p.barcode ?? '', p.sku].some((field) => field.toLocaleLowerCase().includes(needle)),
  );
}

export function toggleProduct(selection: LabelSelection, id: number): Map<number, number> {
  const next = new Map(selection);
  if (next.has(id)) next.delete(id);
  else next.set(id, 1);
  return next;
}

export function setLabelCount(selection: LabelSelection, id: number, count: number): Map<number, number> {
  const next = new Map(selection);
  if (next.has(id)) next.set(id, count);
  return next;
}

/** Whether every one of these products is selected (none means false). */
export function allSelected(selection: LabelSelection, ids: readonly number[]): boolean {
  return ids.length > 0 && ids.every((id) => selection.has(id));
}

/**
 * The header checkbox: selects every filtered product with one label each,
 * or, when they are all selected already, clears them.
 */
export function toggleAll(selection: LabelSelection, ids: readonly number[]): Map<number, number> {
  const next = new Map(selection);
  if (allSelected(selection, ids)) for (const id of ids) next.delete(id);
  else for (const id of ids) next.set(id, 1);
  return next;
}

/** The total label count of the products still in the list (a style's: its variants'). */
export function totalLabels(
  selection: LabelSelection,
  products: readonly Product[],
  styles: LoadedStyles = new Map(),
  variantCounts: VariantLabelCounts = new Map(),
): number {
  let total = 0;
  for (const p of products) {
    for (const row of labelRowsOf(p, selection, styles, variantCounts)) total += row.count;
  }
  return total;
}

export function setVariantLabelCount(
  counts: VariantLabelCounts,
  variantId: number,
  count: number,
): Map<number, number> {
  return new Map(counts).set(variantId, count);
}

export interface SheetLabel extends BarcodeLabelProduct {
  key: string;
}

/** The labels a variant prints unless changed: one per unit in stock. */
export function variantLabelCount(variant: Pick<ProductVariant, 'id' | 'stock'>, counts: VariantLabelCounts): number {
  return counts.get(variant.id) ?? Math.min(MAX_LABEL_COUNT, Math.max(0, variant.stock));
}

/** The variants of a style that get labels: the ones sold. */
export function labelledVariants(style: ProductWithVariants): ProductVariant[] {
  return style.variants.filter((v) => v.active);
}

/** One kind of label and how many of it: a plain product's, or a variant's. */
export interface LabelRow {
  key: string;
  label: BarcodeLabelProduct;
  count: number;
}

/**
 * The label rows of one product as chosen: none when not selected; a plain product's own; a style's, one
 * per variant sold (its barcode, else SKU; its own price, else the style's; named with its size and
 * colour), none until its variants have loaded.
 */
export function labelRowsOf(
  product: Product,
  selection: LabelSelection,
  styles: LoadedStyles,
  variantCounts: VariantLabelCounts,
): LabelRow[] {
  const count = selection.get(product.id);
  if (count === undefined) return [];
  // As receipts print it: without the invisible marks older stored text may hold.
  if (!isStyle(product)) {
    const label = {
      name: printableText(product.name),
      barcode: printableText(labelCode(product)),
      price: product.price,
      originalPrice: product.original_price,
    };
    return [{ key: String(product.id), label, count }];
  }
  const style = styles.get(product.id);
  if (!style) return [];
  return labelledVariants(style).map((variant) => ({
    key: `${product.id}-v${variant.id}`,
    label: {
      name: printableText(variantName(style.name, variant)),
      barcode: printableText(labelCode(variant)),
      price: variantPrice(style, variant),
      originalPrice: style.original_price,
    },
    count: variantLabelCount(variant, variantCounts),
  }));
}

/** Every label to print, product after product in list order (a style's variants in grid order), each repeated by its count. */
export function labelsToPrint(
  products: readonly Product[],
  selection: LabelSelection,
  styles: LoadedStyles = new Map(),
  variantCounts: VariantLabelCounts = new Map(),
): SheetLabel[] {
  const labels: SheetLabel[] = [];
  for (const product of products) {
    for (const row of labelRowsOf(product, selection, styles, variantCounts)) {
      for (let i = 0; i < row.count; i++) labels.push({ key: `${row.key}-${i}`, ...row.label });
    }
  }
  return labels;
}
