import { Badge } from '../../components/ui/badge';
import { formatNumber } from '../../lib/format-number';
import { stockTone } from './stock';

/** The stock in its colour band (spec 001): red, orange or green. */
export function StockBadge({ stock }: { stock: number }) {
  return (
    <Badge tone={stockTone(stock)} data-stock-tone={stockTone(stock)} className="px-3 text-sm tabular-nums">
      {formatNumber(stock)}
    </Badge>
  );
}
