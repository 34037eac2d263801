import type { ProductVariant, StyleCountRequest, VariantGridRequest } from '@pos/core';

/**
 * The product dialog's size × colour grid, as plain data: rows are sizes, columns colours (a style with only
 * one of the two has a single column or row, its other axis null). Values are held as typed (text), so a
 * half-typed cell is never rewritten under the cursor; they become numbers only when the bodies are built.
 */
export interface GridCell {
  size: string | null;
  color: string | null;
  /** The variant this cell was opened with; null: a combination added in this dialog (the server makes it). */
  variantId: number | null;
  /** Its stock when the dialog opened (or last reloaded): the count's `expected`, and what "changed" compares. */
  openedStock: number;
  stock: string;
  barcode: string;
  /** Baht as typed; empty sells at the style's price. */
  price: string;
  active: boolean;
}

export type GridRows = readonly (readonly GridCell[])[];
export type FillField = 'stock' | 'barcode' | 'price' | 'active';

/** The axis values a list gives: itself, or one null (no sizes: one row; no colours: one column). */
export const axis = (values: readonly string[]): (string | null)[] => (values.length > 0 ? [...values] : [null]);

export const cellKey = (cell: { size: string | null; color: string | null }) =>
  `${cell.size ?? ''}\u0000${cell.color ?? ''}`;

/** How a cell is named to assistive technology and in messages: "M / ดำ", "M", "ดำ". */
export const cellName = (cell: { size: string | null; color: string | null }) =>
  [cell.size, cell.color].filter((v) => v !== null).join(' / ');

function freshCell(size: string | null, color: string | null, variant: ProductVariant | undefined): GridCell {
  return {
    size,
    color,
    variantId: variant?.id ?? null,
    openedStock: variant?.stock ?? 0,
    stock: String(variant?.stock ?? 0),
    barcode: variant?.barcode ?? '',
    price: variant?.price == null ? '' : String(variant.price),
    active: variant?.active ?? true,
  };
}

/**
 * The grid for these sizes and colours: a cell already in `previous` keeps what was typed in it, else it is
 * the server's variant of that combination, else a new one (stock 0, on). Sizes or colours removed in the form
 * drop their cells (the PUT then switches their variants off).
 */
export function buildGrid(
  sizes: readonly string[],
  colors: readonly string[],
  variants: readonly ProductVariant[],
  previous: GridRows = [],
): GridCell[][] {
  const kept = new Map(previous.flat().map((c) => [cellKey(c), c]));
  const known = new Map(variants.map((v) => [cellKey(v), v]));
  return axis(sizes).map((size) =>
    axis(colors).map((color) => {
      const key = cellKey({ size, color });
      return kept.get(key) ?? freshCell(size, color, known.get(key));
    }),
  );
}

/** Sets one field of one cell; only that row's array is new, so unchanged rows skip rendering. */
export function setCell<F extends FillField>(
  rows: GridRows,
  row: number,
  col: number,
  field: F,
  value: GridCell[F],
): GridCell[][] {
  return rows.map((cells, r) =>
    r === row ? cells.map((cell, c) => (c === col ? { ...cell, [field]: value } : cell)) : (cells as GridCell[]),
  );
}

/** Copies a value across a row (a size in every colour). */
export function fillRow<F extends FillField>(rows: GridRows, row: number, field: F, value: GridCell[F]): GridCell[][] {
  return rows.map((cells, r) =>
    r === row ? cells.map((cell) => ({ ...cell, [field]: value })) : (cells as GridCell[]),
  );
}

/** Copies a value down a column (a colour in every size). */
export function fillColumn<F extends FillField>(
  rows: GridRows,
  col: number,
  field: F,
  value: GridCell[F],
): GridCell[][] {
  return rows.map((cells) => cells.map((cell, c) => (c === col ? { ...cell, [field]: value } : cell)));
}

/** A whole count typed in a stock cell, or null when it is not one (empty, negative, a fraction, text). */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n : null;
}

/** Cells whose stock text is not a whole count (the dialog refuses to save while there are any). */
export function invalidStockCells(rows: GridRows): GridCell[] {
  return rows.flat().filter((cell) => parseCount(cell.stock) === null);
}

/** Cells whose typed stock differs from what they opened with: only these are counted. */
export function changedStockCells(rows: GridRows): GridCell[] {
  return rows.flat().filter((cell) => {
    const counted = parseCount(cell.stock);
    return counted !== null && counted !== cell.openedStock;
  });
}

/**
 * `PUT /variants`: the whole grid, every cell shown (one left out would be switched off). A new cell with no
 * barcode leaves it out, so the server gives it its SKU as one (as a new product's barcode defaults to its SKU);
 * a cell that had a barcode and was emptied sends '' (none). Stock is never sent here.
 */
export function gridRequest(rows: GridRows): VariantGridRequest {
  return {
    variants: rows.flat().map((cell) => {
      const barcode = cell.barcode.trim();
      const price = cell.price.trim();
      return {
        size: cell.size,
        color: cell.color,
        ...(barcode !== '' || cell.variantId !== null ? { barcode } : {}),
        price: price === '' ? null : Number(price),
        active: cell.active,
      };
    }),
  };
}

/**
 * `POST /stock-count`: one count per changed cell, named by the variant the server now holds for it (a cell
 * added in this dialog gets its id from the PUT's answer). `expected` is what the cell opened with, so a sale
 * made meanwhile is refused (409 STOCK_CHANGED) instead of overwritten; a new cell expects the server's own
 * starting figure. Null when there is nothing to send.
 */
export function countRequest(
  rows: GridRows,
  saved: readonly ProductVariant[],
  clearUnassigned: boolean,
): StyleCountRequest | null {
  const byKey = new Map(saved.map((v) => [cellKey(v), v]));
  const counts = changedStockCells(rows).flatMap((cell) => {
    const variant = byKey.get(cellKey(cell));
    if (!variant) return [];
    const expected = cell.variantId === null ? variant.stock : cell.openedStock;
    return [{ variantId: variant.id, expected, counted: parseCount(cell.stock) ?? 0 }];
  });
  if (counts.length === 0 && !clearUnassigned) return null;
  return { counts, clearUnassigned };
}

/**
 * The grid after a refused count (409 STOCK_CHANGED): every cell's figure reloaded from the server; a cell
 * whose stock was not touched shows the new figure, one that was typed keeps the typed count (its new
 * `openedStock` makes the next save compare against the fresh figure) except the variant that moved, whose
 * stale count is replaced by the fresh figure for the user to count again.
 */
export function reloadStock(rows: GridRows, fresh: readonly ProductVariant[], movedId: number | null): GridCell[][] {
  const byKey = new Map(fresh.map((v) => [cellKey(v), v]));
  return rows.map((cells) =>
    cells.map((cell) => {
      const variant = byKey.get(cellKey(cell));
      if (!variant) return cell;
      const touched = parseCount(cell.stock) !== cell.openedStock;
      const keepTyped = touched && variant.id !== movedId;
      return {
        ...cell,
        variantId: variant.id,
        openedStock: variant.stock,
        stock: keepTyped ? cell.stock : String(variant.stock),
      };
    }),
  );
}

/** The cell a server field name `variants.<i>.<field>` points at, by its place in the grid's reading order. */
export function cellOfField(rows: GridRows, field: string): { row: number; col: number } | null {
  const match = /^variants\.(\d+)\./.exec(field);
  const width = rows[0]?.length ?? 0;
  if (!match || width === 0) return null;
  const index = Number(match[1]);
  const row = Math.floor(index / width);
  if (row >= rows.length) return null;
  return { row, col: index % width };
}
