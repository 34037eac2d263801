import { LOW_STOCK_THRESHOLD } from '@pos/core';
import { AlertTriangle, Package, Tags } from 'lucide-react';
import { StatCard } from '../../components/ui/stat-card';
import { useI18n } from '../../i18n';

/** Three cards side by side even on a phone: icon above the figure there. */
const COMPACT = 'flex-col gap-2 p-3 sm:flex-row sm:gap-3 sm:p-4';

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
        className={COMPACT}
        label={t('products.statTotal')}
        value={number(total, unavailable.products)}
        icon={Package}
        tone="blue"
        loading={loading.products}
      />
      <StatCard
        className={COMPACT}
        label={t('products.statLowStock')}
        value={number(lowStock, unavailable.products)}
        note={t('products.statLowStockHint', { max: LOW_STOCK_THRESHOLD })}
        icon={AlertTriangle}
        tone="red"
        loading={loading.products}
      />
      <StatCard
        className={COMPACT}
        label={t('products.statCategories')}
        value={number(categories, unavailable.categories)}
        icon={Tags}
        tone="green"
        loading={loading.categories}
      />
    </section>
  );
}
