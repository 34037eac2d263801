import { formatBaht, type PosProduct } from '@pos/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { SearchX } from 'lucide-react';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { OriginalPrice } from '../../components/ui/original-price';
import { Skeleton } from '../../components/ui/skeleton';
import { Thumbnail } from '../../components/ui/thumbnail';
import { useT } from '../../i18n';
import { formatNumber } from '../../lib/format-number';
import { cn } from '../../lib/utils';
import { useMediaQuery } from '../../lib/use-media-query';

/** Spec 000 §2: a grid of 2 to 4 columns (2 on phones and beside the cart on small laptops). */
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4';
/** The same columns for the windowed grid, which lays out rows itself (Tailwind's breakpoints). */
function useGridColumns(): number {
  const sm = useMediaQuery('(min-width: 640px)');
  const md = useMediaQuery('(min-width: 768px)');
  const lg = useMediaQuery('(min-width: 1024px)');
  const xl = useMediaQuery('(min-width: 1280px)');
  const xxl = useMediaQuery('(min-width: 1536px)');
  if (xxl) return 4;
  if (xl) return 3;
  if (lg) return 2;
  if (md) return 4;
  return sm ? 3 : 2;
}
/** gap-3 */
const GAP_PX = 12;
/** Below a card's square picture: name, price and stock (measured after drawing; this is the first guess). */
const CARD_TEXT_PX = 96;

export function ProductGridSkeleton() {
  return (
    <div className={GRID} aria-hidden>
      {Array.from({ length: 9 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <Skeleton className="aspect-square rounded-none" />
          <div className="space-y-2 p-3">
            <Skeleton className="h-5 w-4/5" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function NoProductsFound() {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <SearchX className="size-7" aria-hidden />
      </span>
      <p className="max-w-sm text-slate-700">{t('pos.noResults')}</p>
    </div>
  );
}

interface ProductGridProps {
  products: readonly PosProduct[];
  /** Quantity of each product already in the cart. */
  inCart: ReadonlyMap<number, number>;
  onAdd: (product: PosProduct) => void;
}

/**
 * Product cards, drawn a window of rows at a time around what is on screen (a shop may have
 * 10,000 products; drawing them all made every keystroke and scan slow). The page scrolls as
 * before; rows above and below are empty space of their measured height. The list keeps its
 * size and each card its position for screen readers.
 */
export const ProductGrid = memo(function ProductGrid({ products, inCart, onAdd }: ProductGridProps) {
  const t = useT();
  const columns = useGridColumns();
  const listRef = useRef<HTMLDivElement>(null);
  const [frame, setFrame] = useState({ top: 0, width: 0 });
  const rowCount = Math.ceil(products.length / columns);

  // Where the grid starts on the page and how wide it is: the banner, search box and chips above it
  // may change height, and the window its width.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const rect = list.getBoundingClientRect();
      const top = Math.round(rect.top + window.scrollY);
      const width = Math.round(rect.width);
      setFrame((f) => (f.top === top && f.width === width ? f : { top, width }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    if (list.parentElement) observer.observe(list.parentElement);
    return () => observer.disconnect();
  }, []);

  const cardWidth = frame.width > 0 ? (frame.width - GAP_PX * (columns - 1)) / columns : 160;
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => Math.round(cardWidth + CARD_TEXT_PX),
    overscan: 2,
    gap: GAP_PX,
    scrollMargin: frame.top,
  });

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={t('pos.productsLabel')}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={`${row.key}-${columns}`}
          role="none"
          data-index={row.index}
          ref={virtualizer.measureElement}
          className="absolute inset-x-0 top-0 grid gap-3"
          style={{
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
          }}
        >
          {products.slice(row.index * columns, (row.index + 1) * columns).map((product, i) => (
            <div
              key={product.id}
              role="listitem"
              aria-posinset={row.index * columns + i + 1}
              aria-setsize={products.length}
              className="flex"
            >
              <ProductCard product={product} quantity={inCart.get(product.id) ?? 0} onAdd={onAdd} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
});

interface ProductCardProps {
  product: PosProduct;
  quantity: number;
  onAdd: (product: PosProduct) => void;
}

/** Tap or Enter adds one to the cart. A sold-out card stays focusable and says why it cannot be added. */
const ProductCard = memo(function ProductCard({ product, quantity, onAdd }: ProductCardProps) {
  const t = useT();
  const soldOut = product.stock <= 0;
  return (
    <button
      type="button"
      data-testid={`pos-product-${product.sku}`}
      onClick={() => onAdd(product)}
      aria-disabled={soldOut || undefined}
      className={cn(
        'group flex w-full cursor-pointer flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm transition',
        'hover:border-blue-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
        'active:scale-[0.99]',
        soldOut && 'cursor-not-allowed opacity-55 hover:border-slate-200 hover:shadow-sm',
        quantity > 0 && 'border-blue-300 ring-1 ring-blue-200',
      )}
    >
      <span className="relative block">
        <Thumbnail
          src={product.image_url}
          alt=""
          className="aspect-square size-auto w-full rounded-none border-0 border-b border-slate-100"
        />
        {soldOut ? (
          <Badge tone="red" className="absolute top-2 left-2 text-sm">
            {t('pos.soldOut')}
          </Badge>
        ) : null}
        {quantity > 0 ? (
          <span className="absolute top-2 right-2 flex min-w-7 items-center justify-center rounded-full bg-blue-600 px-2 py-0.5 text-sm font-semibold text-white tabular-nums shadow">
            <span className="sr-only">{t('pos.inCartCount')}</span>
            {quantity}
          </span>
        ) : null}
      </span>
      <span className="flex flex-1 flex-col gap-1 p-3">
        <span className="text-sm leading-relaxed font-medium break-words text-slate-900">{product.name}</span>
        <span className="mt-auto flex flex-wrap items-end justify-between gap-x-2">
          <span className="flex flex-col">
            <OriginalPrice
              price={product.price}
              originalPrice={product.original_price}
              className="text-xs text-slate-500"
            />
            <span className="text-base font-semibold text-blue-700 tabular-nums">{formatBaht(product.price)}</span>
          </span>
          <span className={cn('text-xs tabular-nums', soldOut ? 'text-red-700' : 'text-slate-500')}>
            {/* As it is: below zero when a paid card sale took more than there was (a manager sees the flag). */}
            {t('pos.remaining', { count: formatNumber(product.stock) })}
          </span>
        </span>
      </span>
    </button>
  );
});
