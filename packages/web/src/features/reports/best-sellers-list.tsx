import { formatBaht, type TopProductFigure } from '@pos/core';
import { useI18n } from '../../i18n';
import { formatCount } from './report-format';

/** Best sellers by quantity, as the server ranked them, with what they brought in. */
export function BestSellersList({ products, label }: { products: readonly TopProductFigure[]; label: string }) {
  const { t, intlLocale } = useI18n();
  if (products.length === 0)
    return <p className="py-6 text-center text-sm text-slate-500">{t('reports.bestSellersEmpty')}</p>;
  return (
    <ol className="divide-y divide-slate-100" aria-label={label}>
      {products.map((product, index) => (
        <li key={`${product.product_id ?? 'x'}-${product.name}`} className="flex items-center gap-3 py-2.5">
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
        </li>
      ))}
    </ol>
  );
}
