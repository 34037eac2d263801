import { MAX_VARIANTS_PER_STYLE } from '@pos/core';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { ApiError } from '../../lib/api';
import {
  axis,
  buildGrid,
  cellKey,
  cellName,
  cellOfField,
  countRequest,
  gridRequest,
  invalidStockCells,
  reloadStock,
  type GridRows,
} from './variant-grid';
import { productsApi, useProductDetail, useSaveVariantGrid } from './products.queries';

type Mark = 'stock' | 'barcode' | 'price';

/**
 * The product dialog's grid state: built from the product's variants as they are when the dialog opens
 * (fetched then, never a cached copy, since those figures are the counts' `expected`), reshaped as sizes and
 * colours are edited, and saved after the product itself (a new one first gets its id).
 */
export function useVariantGrid(productId: number | null, sizes: readonly string[], colors: readonly string[]) {
  const t = useT();
  const detail = useProductDetail(productId);
  const { writeVariants, countStyle } = useSaveVariantGrid();
  const [rows, setRows] = useState<GridRows>([]);
  const [clearUnassigned, setClearUnassigned] = useState(false);
  const [marks, setMarks] = useState<ReadonlyMap<string, Mark>>(new Map());

  const visible = sizes.length > 0 || colors.length > 0;
  const cellCount = axis(sizes).length * axis(colors).length;
  const tooMany = cellCount > MAX_VARIANTS_PER_STYLE;
  const fresh = productId === null || (detail.data !== undefined && detail.isFetchedAfterMount);
  const variants = productId === null ? undefined : detail.data?.variants;
  const shape = JSON.stringify([sizes, colors]);

  useEffect(() => {
    if (!visible || tooMany || !fresh) return;
    const [s, c] = JSON.parse(shape) as [string[], string[]];
    setRows((previous) => buildGrid(s, c, variants ?? [], previous));
  }, [shape, visible, tooMany, fresh, variants]);

  const onRowsChange = useCallback((update: (rows: GridRows) => GridRows) => setRows(update), []);

  /** The first stock cell that is not a whole count, marked and named; null when all are. */
  const invalidStock = (): string | null => {
    const bad = invalidStockCells(rows)[0];
    if (!bad) return null;
    setMarks(new Map([[cellKey(bad), 'stock']]));
    return t('products.gridStockInvalid', { cell: cellName(bad) });
  };

  /** Writes the grid, then the counts of the cells whose stock changed (and the unassigned stock cleared). */
  const save = async (id: number, unassigned: number): Promise<void> => {
    setMarks(new Map());
    const saved = await writeVariants.mutateAsync({ id, body: gridRequest(rows) });
    const body = countRequest(rows, saved.variants, clearUnassigned && unassigned !== 0);
    if (body) await countStyle.mutateAsync({ id, body });
  };

  /**
   * A refused grid save: the cell at fault is marked. A count refused because a variant moved reloads every
   * figure and answers its own message naming that cell; otherwise null (the dialog shows the server's).
   */
  const refused = async (id: number, error: unknown): Promise<string | null> => {
    if (!(error instanceof ApiError)) return null;
    const field = Object.keys(error.fields ?? {}).find((name) => name.startsWith('variants.'));
    const at = field === undefined ? null : cellOfField(rows, field);
    const cell = at ? rows[at.row]?.[at.col] : undefined;
    if (cell && field) setMarks(new Map([[cellKey(cell), field.endsWith('.price') ? 'price' : 'barcode']]));
    if (error.code !== 'STOCK_CHANGED') return null;
    const product = await productsApi.detail(id);
    const movedId = typeof error.details?.variantId === 'number' ? error.details.variantId : null;
    const moved = product.variants.find((v) => v.id === movedId);
    setRows((current) => reloadStock(current, product.variants, movedId));
    if (!moved) return null;
    setMarks(new Map([[cellKey(moved), 'stock']]));
    return t('products.gridStockMoved', { cell: cellName(moved), stock: moved.stock });
  };

  const unassigned = productId === null ? 0 : (detail.data?.unassigned_stock ?? 0);
  return {
    visible,
    tooMany,
    cellCount,
    loading: visible && !tooMany && !fresh,
    loadFailed: detail.isError,
    rows,
    onRowsChange,
    marks,
    unassigned,
    clearUnassigned,
    setClearUnassigned,
    pending: writeVariants.isPending || countStyle.isPending,
    invalidStock,
    save,
    refused,
  };
}
