import { LOW_STOCK_THRESHOLD } from '@pos/core';
import { AlertTriangle, Package, Tags } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../i18n';
import { cn } from '../../lib/utils';

function StatCard({
  label,
  value,
  hint,
  icon,
  tone,
  loading,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: ReactNode;
  tone: string;
  loading: boolean;
}) {
  return (
    <Card className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <span
        className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-12 sm:rounded-xl', tone)}
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs leading-snug text-slate-600 sm:text-sm">{label}</p>
        {loading ? (
          <Skeleton className="mt-1 h-7 w-12 sm:h-8 sm:w-16" />
        ) : (
          <p className="text-xl leading-tight font-bold text-slate-900 tabular-nums sm:text-2xl">{value}</p>
        )}
        {hint ? <p className="text-xs leading-snug text-slate-500">{hint}</p> : null}
      </div>
    </Card>
  );
}

/** The three stat cards of the product screen: total, low stock (≤ 10), categories. */
export function ProductStats({
  total,
  lowStock,
  categories,
  loading,
  unavailable,
}: {
  total: number;
  lowStock: number;
  categories: number;
  loading: { products: boolean; categories: boolean };
  /** Figures that failed to load show a dash, not a misleading 0. */
  unavailable: { products: boolean; categories: boolean };
}) {
  const { t, intlLocale } = useI18n();
  const number = (n: number, missing: boolean) => (missing ? t('products.noValue') : n.toLocaleString(intlLocale));
  return (
    <section aria-label={t('products.statsLabel')} className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
      <StatCard
        label={t('products.statTotal')}
        value={number(total, unavailable.products)}
        icon={<Package className="size-5 sm:size-6" aria-hidden />}
        tone="bg-blue-100 text-blue-700"
        loading={loading.products}
      />
      <StatCard
        label={t('products.statLowStock')}
        value={number(lowStock, unavailable.products)}
        hint={t('products.statLowStockHint', { max: LOW_STOCK_THRESHOLD })}
        icon={<AlertTriangle className="size-5 sm:size-6" aria-hidden />}
        tone="bg-red-100 text-red-700"
        loading={loading.products}
      />
      <StatCard
        label={t('products.statCategories')}
        value={number(categories, unavailable.categories)}
        icon={<Tags className="size-5 sm:size-6" aria-hidden />}
        tone="bg-green-100 text-green-700"
        loading={loading.categories}
      />
    </section>
  );
}
