import { History, SlidersHorizontal } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n';
import { StockBadge } from './stock-badge';

/** The edit dialog's stock: read-only here, changed through the adjust-stock dialog, with its history. */
export function ProductStockPanel({
  stock,
  onHistory,
  onAdjust,
}: {
  stock: number;
  onHistory: () => void;
  onAdjust: () => void;
}) {
  const t = useT();
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="product-stock">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
          {t('products.fieldStock')}
          <StockBadge stock={stock} />
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onHistory}>
            <History aria-hidden />
            {t('products.stockHistory')}
          </Button>
          <Button variant="outline" onClick={onAdjust}>
            <SlidersHorizontal aria-hidden />
            {t('products.adjustStock')}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-500">{t('products.stockReadOnlyHint')}</p>
    </div>
  );
}
