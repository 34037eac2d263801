import { formatBaht, type TopProductFigure } from '@pos/core';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n';
import { formatCount } from './report-format';

/**
 * Best sellers by quantity, as the server ranked them, with what they brought in. With `onOpen`, a product
 * still in the catalogue opens its sales by size and colour.
 */
export function BestSellersList({
  products,
  label,
  onOpen,
}: {
  products: readonly TopProductFigure[];
  label: string;
  onOpen?: (product: TopProductFigure & { product_id: number }) => void;
}) {
  const { t, intlLocale } = useI18n();
  if (products.length === 0)
    return <p className="py-6 text-center text-sm text-slate-500">{t('reports.bestSellersEmpty')}</p>;
  return (
    <ol className="divide-y divide-slate-100" aria-label={label}>
      {products.map((product, index) => {
        const { product_id: id } = product;
        const row: ReactNode = (
          <>
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-50 text-sm font-semibold text-blue-700 tabular-nums">
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-slate-900">{product.name}</p>
              <p className="text-sm text-slate-600 tabular-nums">
                {t('reports.bestSellerSold', { count: formatCount(product.total_quantity, intlLocale) })}
              </p>
            </div>
            <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
              {formatBaht(product.total_revenue)}
            </span>
          </>
        );
        return (
          <li key={`${id ?? 'x'}-${product.name}`}>
            {onOpen && id !== null ? (
              <button
                type="button"
                className="flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-lg py-2.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
                onClick={() => onOpen({ ...product, product_id: id })}
              >
                {row}
                <span className="sr-only">{t('reports.bestSellerOpen')}</span>
                <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
              </button>
            ) : (
              <div className="flex items-center gap-3 py-2.5">{row}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
