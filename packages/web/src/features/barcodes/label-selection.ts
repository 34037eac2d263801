import { printableText, type Product } from '@pos/core';
import type { BarcodeLabelProduct } from '../../components/barcode/barcode-label';

/** Labels per row on the A4 sheet (spec 001 §9). */
export const LABELS_PER_ROW_OPTIONS = [3, 4] as const;
export type LabelsPerRow = (typeof LABELS_PER_ROW_OPTIONS)[number];
export const DEFAULT_LABELS_PER_ROW: LabelsPerRow = 4;

/** More labels than this for one product is taken as a typing slip and ignored. */
export const MAX_LABEL_COUNT = 1000;

/** Product id → number of labels to print. */
export type LabelSelection = ReadonlyMap<number, number>;

/**
 * A typed label count: a whole number from 1 (spec 001 §5). Anything else
 * (empty, zero, negative, decimals, letters, absurdly large) gives null and is ignored.
 */
export function parseLabelCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= 1 && count <= MAX_LABEL_COUNT ? count : null;
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

/** The total label count of the products still in the list. */
export function totalLabels(selection: LabelSelection, products: readonly Pick<Product, 'id'>[]): number {
  let total = 0;
  for (const p of products) total += selection.get(p.id) ?? 0;
  return total;
}

export interface SheetLabel extends BarcodeLabelProduct {
  key: string;
}

/** Every label to print, product after product in list order, each repeated by its count. */
export function labelsToPrint(products: readonly Product[], selection: LabelSelection): SheetLabel[] {
  const labels: SheetLabel[] = [];
  for (const product of products) {
    const count = selection.get(product.id) ?? 0;
    for (let i = 0; i < count; i++) {
      labels.push({
        key: `${product.id}-${i}`,
        // As receipts print it: without the invisible marks older stored text may hold.
        name: printableText(product.name),
        barcode: printableText(labelCode(product)),
        price: product.price,
        originalPrice: product.original_price,
      });
    }
  }
  return labels;
}
