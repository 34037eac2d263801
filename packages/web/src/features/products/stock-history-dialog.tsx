import type { Product, StockMovement } from '@pos/core';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { QueryStates } from '../../components/ui/query-states';
import { EmptyState } from '../../components/ui/states';
import { useT, type Translate } from '../../i18n';
import { errorDetail } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { formatChange, formatNumber } from '../../lib/format-number';
import { useStockMovements } from './products.queries';
import { isStyle } from './stock-count';

/** What moved the stock: the kind, with the sale's document number or the adjustment's reason. */
export function movementTitle(t: Translate, movement: StockMovement): string {
  const kind = t(`stock.kind.${movement.kind}`);
  if (movement.document_number) return t('stock.withDocument', { kind, document: movement.document_number });
  if (movement.reason_code) return `${kind}: ${t(`stock.reason.${movement.reason_code}`)}`;
  return kind;
}

function MovementItem({ movement, style }: { movement: StockMovement; style: boolean }) {
  const t = useT();
  const delta = movement.delta;
  // Sales wrote their document number as the reason; only other kinds carry a note.
  const note = movement.kind === 'sale' || movement.kind === 'refund' ? null : movement.reason;
  // A style's movement names its size and colour (none: its unassigned stock); the figures stay the style's.
  const variant = style ? variantText(movement, t) || t('stock.noVariant') : variantText(movement, t);
  return (
    <li className="space-y-1 py-3" data-testid="stock-movement">
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium break-words text-slate-900">{movementTitle(t, movement)}</p>
        <Badge tone={delta < 0 ? 'red' : 'green'} className="shrink-0 tabular-nums">
          {formatChange(delta)}
        </Badge>
      </div>
      {variant ? (
        <p
          className={cn('text-sm font-medium', movement.variant_id === null ? 'text-slate-600' : 'text-blue-800')}
          data-testid="stock-movement-variant"
        >
          {variant}
        </p>
      ) : null}
      <p className="text-sm text-slate-700 tabular-nums">
        {t('stock.change', {
          before: formatNumber(movement.old_quantity),
          after: formatNumber(movement.new_quantity),
        })}
      </p>
      {note ? <p className="text-sm break-words text-slate-700">{note}</p> : null}
      <p className="text-xs text-slate-500">
        {t('stock.by', { name: movement.user_name ?? t('stock.removedUser') })}
        <span aria-hidden>{' · '}</span>
        <time dateTime={movement.created_at}>{formatDateTime(movement.created_at)}</time>
      </p>
    </li>
  );
}

/** A product's stock history: sales, refunds and adjustments, who and when, before → after, newest first. */
export function StockHistoryDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const t = useT();
  const history = useStockMovements(product.id);
  const movements = history.data?.pages.flatMap((page) => page.movements) ?? [];

  // A later page that fails to load keeps the movements already shown (its button retries).
  const pages = {
    isPending: history.isPending,
    isError: history.isError && movements.length === 0,
    isFetching: history.isFetching,
    data: history.data ? movements : undefined,
    refetch: history.refetch,
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('products.stockHistory')}</DialogTitle>
          <DialogDescription>{t('stock.historyDescription', { name: product.name })}</DialogDescription>
        </DialogHeader>
        <QueryStates
          query={pages}
          loading={
            <div aria-hidden className="space-y-3">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-16" />
              ))}
            </div>
          }
          errorTitle={t('stock.historyLoadError')}
          errorMessage={errorDetail(history.error)}
          empty={<EmptyState title={t('stock.historyEmpty')} />}
        >
          {(shown) => (
            <div>
              <ul
                className="divide-y divide-slate-100"
                aria-label={t('products.stockHistoryOf', { name: product.name })}
              >
                {shown.map((movement) => (
                  <MovementItem key={movement.id} movement={movement} style={isStyle(product)} />
                ))}
              </ul>
              {history.hasNextPage ? (
                <Button
                  variant="outline"
                  className="mt-2 w-full"
                  onClick={() => void history.fetchNextPage()}
                  disabled={history.isFetchingNextPage}
                >
                  {history.isFetchingNextPage ? <Spinner /> : null}
                  {t('stock.loadMore')}
                </Button>
              ) : null}
            </div>
          )}
        </QueryStates>
      </DialogContent>
    </Dialog>
  );
}
