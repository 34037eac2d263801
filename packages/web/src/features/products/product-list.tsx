import { formatBaht, hasLowVariant, LOW_STOCK_THRESHOLD, type Product } from '@pos/core';
import { ChevronDown, History, Pencil, SlidersHorizontal, Trash2 } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Thumbnail } from '../../components/ui/thumbnail';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { RowActionButton } from './row-action-button';
import { StockBadge } from './stock-badge';
import { StockCountButton } from './stock-count-button';
import { isStyle } from './stock-count';
import { VariantGridView } from './variant-grid-view';

export interface ProductActions {
  canEdit: boolean;
  canDelete: boolean;
  /** products_edit: the adjust-stock dialog. */
  canAdjustStock: boolean;
  /** products_view: the stock history. */
  canViewStock: boolean;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
  onAdjustStock: (product: Product) => void;
  onStockHistory: (product: Product) => void;
  deletingId: number | null;
}

const hasAnyAction = (a: ProductActions) => a.canEdit || a.canDelete || a.canAdjustStock || a.canViewStock;

const hasVariants = (product: Product) => product.sizes.length > 0 || product.colors.length > 0;

/** The ids of the rows whose sizes and colours are shown. */
function useExpanded() {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { expanded, toggle };
}

/** A style's expand control: `open` whether its stock per size × colour shows, `controls` the id of that view. */
interface ToggleProps {
  product: Product;
  open: boolean;
  onToggle: () => void;
  controls: string;
}

function VariantsToggle({ product, open, onToggle, controls }: ToggleProps) {
  const t = useT();
  if (!hasVariants(product)) return null;
  return (
    <Button
      variant="outline"
      className="mt-2"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
    >
      <ChevronDown aria-hidden className={cn('transition-transform', open && 'rotate-180')} />
      {open ? t('products.hideVariants') : t('products.showVariants')}
    </Button>
  );
}

/** A style whose total looks fine while one of its sizes or colours is nearly gone. */
function LowVariantMark({ product }: { product: Product }) {
  const t = useT();
  if (!hasLowVariant(product)) return null;
  return (
    <Badge
      tone="red"
      className="mt-1"
      data-testid="low-variant"
      title={t('products.variantLowHint', { max: LOW_STOCK_THRESHOLD, lowest: product.lowest_variant_stock ?? 0 })}
    >
      {t('products.variantLow')}
    </Badge>
  );
}

function Tags({ product }: { product: Product }) {
  const t = useT();
  if (!hasVariants(product)) return null;
  return (
    <div className="mt-1 space-y-1">
      {product.sizes.length > 0 ? (
        <p className="flex flex-wrap items-center gap-1">
          <span className="text-xs text-slate-500">{t('products.sizesLabel')}</span>
          {product.sizes.map((size) => (
            <Badge key={size} tone="blue">
              {size}
            </Badge>
          ))}
        </p>
      ) : null}
      {product.colors.length > 0 ? (
        <p className="flex flex-wrap items-center gap-1">
          <span className="text-xs text-slate-500">{t('products.colorsLabel')}</span>
          {product.colors.map((color) => (
            <Badge key={color} tone="grey">
              {color}
            </Badge>
          ))}
        </p>
      ) : null}
    </div>
  );
}

function RowActions({ product, actions, withText }: { product: Product; actions: ProductActions; withText: boolean }) {
  const t = useT();
  const name = product.name;
  return (
    <>
      {actions.canViewStock ? (
        <RowActionButton
          icon={History}
          label={t('products.stockHistory')}
          fullLabel={t('products.stockHistoryOf', { name })}
          withText={withText}
          onClick={() => actions.onStockHistory(product)}
        />
      ) : null}
      {actions.canAdjustStock ? (
        <RowActionButton
          icon={SlidersHorizontal}
          label={t('products.adjustStock')}
          fullLabel={t('products.adjustStockOf', { name })}
          withText={withText}
          onClick={() => actions.onAdjustStock(product)}
        />
      ) : null}
      {actions.canAdjustStock && isStyle(product) ? <StockCountButton product={product} withText={withText} /> : null}
      {actions.canEdit ? (
        <RowActionButton
          icon={Pencil}
          label={t('products.edit')}
          fullLabel={t('products.editProduct', { name })}
          withText={withText}
          onClick={() => actions.onEdit(product)}
        />
      ) : null}
      {actions.canDelete ? (
        <RowActionButton
          icon={Trash2}
          label={t('products.delete')}
          fullLabel={t('products.deleteProduct', { name })}
          withText={withText}
          onClick={() => actions.onDelete(product)}
          variant="destructive-outline"
          disabled={actions.deletingId === product.id}
        />
      ) : null}
    </>
  );
}

/**
 * What the table's name cell and the phone card show under a product's name: the low-variant mark, the sizes
 * and colours, and the button that opens its stock per size × colour.
 */
function StyleFacts(props: ToggleProps) {
  return (
    <>
      <LowVariantMark product={props.product} />
      <Tags product={props.product} />
      <VariantsToggle {...props} />
    </>
  );
}

/**
 * Desktop: the product table (spec 001: image, name with tags, barcode, category, price, stock, actions). The
 * code shown is what its label prints: the barcode, else the SKU.
 */
export function ProductTable({ products, actions }: { products: Product[]; actions: ProductActions }) {
  const t = useT();
  const hasActions = hasAnyAction(actions);
  const { expanded, toggle } = useExpanded();
  const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={cn(th, 'w-20')}>
              {t('products.colImage')}
            </th>
            <th scope="col" className={th}>
              {t('products.colName')}
            </th>
            <th scope="col" className={th}>
              {t('products.colBarcode')}
            </th>
            <th scope="col" className={th}>
              {t('products.colCategory')}
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              {t('products.colPrice')}
            </th>
            <th scope="col" className={cn(th, 'text-center')}>
              {t('products.colStock')}
            </th>
            {hasActions ? (
              <th scope="col" className={cn(th, 'text-right')}>
                {t('products.colActions')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {products.map((product) => (
            <Fragment key={product.id}>
              <tr data-testid="product-row" className="align-top hover:bg-slate-50/60">
                <td className="px-4 py-3">
                  <Thumbnail src={product.image_url} alt={product.name} />
                </td>
                <td className="min-w-48 px-4 py-3">
                  <p className="font-medium break-words text-slate-900">{product.name}</p>
                  <StyleFacts
                    product={product}
                    open={expanded.has(product.id)}
                    onToggle={() => toggle(product.id)}
                    controls={`variants-row-${product.id}`}
                  />
                </td>
                <td className="px-4 py-3 font-mono text-slate-700">{product.barcode ?? product.sku}</td>
                <td className="px-4 py-3 text-slate-700">{product.category ?? t('products.noCategory')}</td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  {formatBaht(product.price)}
                </td>
                <td className="px-4 py-3 text-center">
                  <StockBadge stock={product.stock} />
                </td>
                {hasActions ? (
                  <td className="px-4 py-2">
                    <div className="flex justify-end gap-2">
                      <RowActions product={product} actions={actions} withText={false} />
                    </div>
                  </td>
                ) : null}
              </tr>
              {expanded.has(product.id) ? (
                <tr className="bg-slate-50/60">
                  <td colSpan={hasActions ? 7 : 6} className="px-4 py-3">
                    <VariantGridView product={product} id={`variants-row-${product.id}`} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Mobile: one card per product with the same facts and the actions as labelled buttons. */
export function ProductCards({ products, actions }: { products: Product[]; actions: ProductActions }) {
  const t = useT();
  const hasActions = hasAnyAction(actions);
  const { expanded, toggle } = useExpanded();
  return (
    <ul className="space-y-3">
      {products.map((product) => (
        <li key={product.id}>
          <Card data-testid="product-card" role="article" aria-label={product.name}>
            <div className="flex gap-3 p-4">
              <Thumbnail src={product.image_url} alt={product.name} className="size-16" />
              <div className="min-w-0 flex-1">
                <h2 className="leading-snug font-semibold break-words text-slate-900">{product.name}</h2>
                <p className="text-sm break-all text-slate-600">
                  <span className="font-mono">{product.barcode ?? product.sku}</span>
                  <span aria-hidden> · </span>
                  {product.category ?? t('products.noCategory')}
                </p>
                <StyleFacts
                  product={product}
                  open={expanded.has(product.id)}
                  onToggle={() => toggle(product.id)}
                  controls={`variants-card-${product.id}`}
                />
              </div>
            </div>
            {expanded.has(product.id) ? (
              <div className="border-t border-slate-100 px-4 py-3">
                <VariantGridView product={product} id={`variants-card-${product.id}`} />
              </div>
            ) : null}
            <dl className="grid grid-cols-2 gap-2 border-t border-slate-100 px-4 py-3 text-sm">
              <div>
                <dt className="text-slate-500">{t('products.colPrice')}</dt>
                <dd className="text-base font-semibold text-slate-900 tabular-nums">{formatBaht(product.price)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('products.colStock')}</dt>
                <dd>
                  <StockBadge stock={product.stock} />
                </dd>
              </div>
            </dl>
            {hasActions ? (
              <div className="grid grid-cols-2 gap-2 border-t border-slate-100 p-3">
                <RowActions product={product} actions={actions} withText />
              </div>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
