import { LOW_STOCK_THRESHOLD, type Product } from '@pos/core';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { formatNumber } from '../../lib/format-number';
import { useProductDetail } from './products.queries';
import { buildGrid } from './variant-grid';

/** The list's expanded row: the style's stock per size × colour, read-only, sold-out and switched-off cells marked. */
export function VariantGridView({ product, id }: { product: Product; id: string }) {
  const t = useT();
  const detail = useProductDetail(product.id);
  if (detail.isPending) return <Spinner label={t('products.gridLoading')} />;
  if (detail.isError) return <p className="text-sm text-red-700">{t('products.variantsLoadError')}</p>;
  const rows = buildGrid(detail.data.sizes, detail.data.colors, detail.data.variants);
  const colors = rows[0]?.map((cell) => cell.color) ?? [];
  return (
    <div className="max-w-full overflow-x-auto" data-testid="variant-grid-view" id={id}>
      <table className="border-collapse text-sm">
        <caption className="sr-only">{t('products.variantsOf', { name: product.name })}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-1 text-left text-xs font-medium text-slate-600">
              {`${t('products.gridSize')} \\ ${t('products.gridColor')}`}
            </th>
            {colors.map((color, col) => (
              <th key={col} scope="col" className="px-2 py-1 text-left font-semibold text-slate-900">
                {color ?? t('products.gridAll')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, row) => (
            <tr key={row} className="border-t border-slate-200">
              <th scope="row" className="px-2 py-1 text-left font-semibold text-slate-900">
                {cells[0]?.size ?? t('products.gridAll')}
              </th>
              {cells.map((cell, col) => {
                const soldOut = cell.active && cell.openedStock <= 0;
                const low = cell.active && !soldOut && cell.openedStock <= LOW_STOCK_THRESHOLD;
                return (
                  <td
                    key={col}
                    data-testid="variant-view-cell"
                    data-sold-out={soldOut || undefined}
                    className={cn(
                      'px-2 py-1 text-right whitespace-nowrap tabular-nums',
                      soldOut && 'bg-red-50 text-red-800',
                      low && 'text-orange-800',
                      !cell.active && 'text-slate-500',
                    )}
                  >
                    <span className="font-semibold">{formatNumber(cell.openedStock)}</span>
                    {soldOut ? <span className="ml-1 text-xs">{t('products.variantSoldOut')}</span> : null}
                    {!cell.active ? <span className="ml-1 text-xs">{t('products.variantOff')}</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
