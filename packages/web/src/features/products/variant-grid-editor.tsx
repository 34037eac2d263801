import { memo, useCallback, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import {
  cellKey,
  cellName,
  fillColumn,
  fillRow,
  setCell,
  type FillField,
  type GridCell,
  type GridRows,
} from './variant-grid';

type CellField = 'stock' | 'barcode' | 'price' | 'active';

interface RowProps {
  cells: readonly GridCell[];
  row: number;
  width: number;
  /** The style's price as shown, the placeholder of an empty price. */
  pricePlaceholder: string;
  /** Cell keys marked wrong, with the field at fault. */
  marks: ReadonlyMap<string, CellField>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onFillRow: (row: number) => void;
  disabled: boolean;
}

const input =
  'h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600/30 focus-visible:outline-none aria-invalid:border-red-600 aria-invalid:ring-2 aria-invalid:ring-red-600/20 disabled:bg-slate-100';

/**
 * One size's row. Plain inputs sharing the grid's two handlers (the cell is read from data attributes): a
 * 500-cell grid renders 2,000 inputs, so no per-cell components or closures, and only an edited row re-renders.
 */
const GridRow = memo(function GridRow({
  cells,
  row,
  width,
  pricePlaceholder,
  marks,
  onChange,
  onKeyDown,
  onFillRow,
  disabled,
}: RowProps) {
  const t = useT();
  const size = cells[0]?.size ?? null;
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="sticky left-0 z-10 min-w-16 bg-slate-50 px-2 py-2 text-left">
        <span className="block font-semibold break-words text-slate-900">{size ?? t('products.gridAll')}</span>
        {width > 1 ? (
          <button
            type="button"
            className="mt-1 rounded px-1 text-xs whitespace-nowrap text-blue-700 underline underline-offset-2 hover:bg-blue-50"
            onClick={() => onFillRow(row)}
            aria-label={t('products.gridFillRow', { size: size ?? t('products.gridAll') })}
            disabled={disabled}
          >
            {t('products.gridFillRowShort')}
          </button>
        ) : null}
      </th>
      {cells.map((cell, col) => {
        const index = row * width + col;
        const name = cellName(cell);
        const mark = marks.get(cellKey(cell));
        const data = { 'data-row': row, 'data-col': col };
        return (
          <td
            key={col}
            className={cn('px-1.5 py-2', !cell.active && 'bg-slate-100')}
            data-testid="variant-cell"
            data-cell={name}
          >
            <div className="grid w-32 gap-1">
              <input
                {...data}
                data-field="stock"
                data-stock-index={index}
                className={cn(input, 'text-right text-base font-semibold tabular-nums')}
                aria-label={t('products.gridCellStock', { cell: name })}
                aria-invalid={mark === 'stock' || undefined}
                inputMode="numeric"
                autoComplete="off"
                value={cell.stock}
                onChange={onChange}
                onKeyDown={onKeyDown}
                onFocus={selectAll}
                disabled={disabled}
              />
              <input
                {...data}
                data-field="barcode"
                className={cn(input, 'font-mono text-xs')}
                aria-label={t('products.gridCellBarcode', { cell: name })}
                aria-invalid={mark === 'barcode' || undefined}
                placeholder={t('products.gridBarcodePlaceholder')}
                autoComplete="off"
                spellCheck={false}
                value={cell.barcode}
                onChange={onChange}
                onKeyDown={onKeyDown}
                disabled={disabled}
              />
              <input
                {...data}
                data-field="price"
                className={cn(input, 'text-right tabular-nums')}
                aria-label={t('products.gridCellPrice', { cell: name })}
                aria-invalid={mark === 'price' || undefined}
                placeholder={pricePlaceholder}
                inputMode="decimal"
                autoComplete="off"
                value={cell.price}
                onChange={onChange}
                onKeyDown={onKeyDown}
                disabled={disabled}
              />
              <label className="flex min-h-8 items-center gap-2 text-xs text-slate-700">
                <input
                  {...data}
                  data-field="active"
                  type="checkbox"
                  className="size-4 accent-blue-600"
                  aria-label={t('products.gridCellActive', { cell: name })}
                  checked={cell.active}
                  onChange={onChange}
                  onKeyDown={onKeyDown}
                  disabled={disabled}
                />
                <span aria-hidden>{t('products.gridActive')}</span>
              </label>
            </div>
          </td>
        );
      })}
    </tr>
  );
});

function selectAll(event: { currentTarget: HTMLInputElement }) {
  event.currentTarget.select();
}

interface EditorProps {
  rows: GridRows;
  onRowsChange: (update: (rows: GridRows) => GridRows) => void;
  pricePlaceholder: string;
  marks: ReadonlyMap<string, CellField>;
  disabled: boolean;
}

const FILL_FIELDS = ['stock', 'price', 'active'] as const satisfies readonly FillField[];

/**
 * The size × colour grid of the product dialog: stock, barcode, own price and on/off per cell. Enter moves
 * to the next cell's stock in reading order (and never submits the dialog), Tab to the next field; the fill
 * buttons copy the chosen field of a row's or column's first cell across it.
 */
export function VariantGridEditor({ rows, onRowsChange, pricePlaceholder, marks, disabled }: EditorProps) {
  const t = useT();
  const table = useRef<HTMLTableElement>(null);
  const [fillField, setFillField] = useState<(typeof FILL_FIELDS)[number]>('stock');
  const width = rows[0]?.length ?? 0;
  const colors = rows[0]?.map((cell) => cell.color) ?? [];

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const el = event.currentTarget;
      const row = Number(el.dataset.row);
      const col = Number(el.dataset.col);
      const field = el.dataset.field as CellField;
      const value = field === 'active' ? el.checked : el.value;
      onRowsChange((current) => setCell(current, row, col, field, value as never));
    },
    [onRowsChange],
  );

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const el = event.currentTarget;
    const index = Number(table.current?.dataset.width) * Number(el.dataset.row) + Number(el.dataset.col) + 1;
    table.current?.querySelector<HTMLInputElement>(`[data-stock-index="${index}"]`)?.focus();
  }, []);

  const onFillRow = useCallback(
    (row: number) =>
      onRowsChange((current) => {
        const first = current[row]?.[0];
        return first ? fillRow(current, row, fillField, first[fillField]) : current;
      }),
    [onRowsChange, fillField],
  );
  const onFillColumn = (col: number) =>
    onRowsChange((current) => {
      const first = current[0]?.[col];
      return first ? fillColumn(current, col, fillField, first[fillField]) : current;
    });

  const fieldLabel = {
    stock: t('products.colStock'),
    price: t('products.colPrice'),
    active: t('products.gridActive'),
  } as const;

  return (
    <div className="space-y-2">
      {width > 1 || rows.length > 1 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor="variant-fill-field" className="text-slate-700">
            {t('products.gridFillField')}
          </label>
          <select
            id="variant-fill-field"
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
            value={fillField}
            onChange={(e) => setFillField(e.currentTarget.value as (typeof FILL_FIELDS)[number])}
            disabled={disabled}
          >
            {FILL_FIELDS.map((field) => (
              <option key={field} value={field}>
                {fieldLabel[field]}
              </option>
            ))}
          </select>
          <span className="text-xs text-slate-600">{t('products.gridFillHint')}</span>
        </div>
      ) : null}
      {/* The grid scrolls sideways inside its box; the dialog and page keep their width. */}
      <div
        className="max-h-[60vh] w-fit max-w-full overflow-auto rounded-lg border border-slate-200"
        data-testid="variant-grid-scroll"
        role="region"
        aria-label={t('products.gridTitle')}
      >
        <table ref={table} data-width={width} className="border-collapse text-sm" data-testid="variant-grid">
          <thead className="sticky top-0 z-20 bg-slate-50">
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-30 bg-slate-50 px-2 py-2 text-left text-xs whitespace-nowrap text-slate-600"
              >
                {`${t('products.gridSize')} \\ ${t('products.gridColor')}`}
              </th>
              {colors.map((color, col) => (
                <th key={col} scope="col" className="px-1.5 py-2 text-left">
                  <span className="block font-semibold break-words text-slate-900">
                    {color ?? t('products.gridAll')}
                  </span>
                  {rows.length > 1 ? (
                    <button
                      type="button"
                      className="mt-1 rounded px-1 text-xs whitespace-nowrap text-blue-700 underline underline-offset-2 hover:bg-blue-50"
                      onClick={() => onFillColumn(col)}
                      aria-label={t('products.gridFillColumn', { color: color ?? t('products.gridAll') })}
                      disabled={disabled}
                    >
                      {t('products.gridFillColumnShort')}
                    </button>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, row) => (
              <GridRow
                key={row}
                cells={cells}
                row={row}
                width={width}
                pricePlaceholder={pricePlaceholder}
                marks={marks}
                onChange={onChange}
                onKeyDown={onKeyDown}
                onFillRow={onFillRow}
                disabled={disabled}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
