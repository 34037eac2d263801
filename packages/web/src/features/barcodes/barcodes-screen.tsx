import { can, formatBaht, variantName, variantPrice, type Product } from '@pos/core';
import { Printer } from 'lucide-react';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { useBarcodeSettings } from './barcode-settings';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { PageHeader } from '../../components/ui/page-header';
import { SearchInput } from '../../components/ui/search-input';
import { Skeleton } from '../../components/ui/skeleton';
import { QueryStates } from '../../components/ui/query-states';
import { EmptyState } from '../../components/ui/states';
import { Thumbnail } from '../../components/ui/thumbnail';
import { useT } from '../../i18n';
import { errorDetail } from '../../lib/api';
import { formatNumber } from '../../lib/format-number';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { isStyle } from '../products/stock-count';
import { useProductsWithVariants } from '../products/stock-variants.queries';
import { useAllProducts } from '../products/products.queries';
import { LabelCountInput } from './label-count-input';
import { LabelPrintPreview } from './label-print-preview';
import {
  allSelected,
  DEFAULT_LABELS_PER_ROW,
  filterProducts,
  labelCode,
  labelledVariants,
  labelRowsOf,
  LABELS_PER_ROW_OPTIONS,
  labelsToPrint,
  setLabelCount,
  setVariantLabelCount,
  variantLabelCount,
  toggleAll,
  toggleProduct,
  totalLabels,
  type LabelSelection,
  type LabelsPerRow,
  type LoadedStyles,
  type VariantLabelCounts,
} from './label-selection';
import { usePrintDocument } from './label-sheet';

function ListSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-t border-slate-100 px-4 py-3 first:border-t-0">
          <Skeleton className="size-5" />
          <Skeleton className="size-12" />
          <Skeleton className="h-5 flex-1" />
          <Skeleton className="hidden h-5 w-28 sm:block" />
          <Skeleton className="h-5 w-20" />
        </div>
      ))}
    </div>
  );
}

interface RowsProps {
  products: Product[];
  selection: LabelSelection;
  onToggle: (id: number) => void;
  onCount: (id: number, count: number) => void;
  /** The chosen styles' variants, as far as loaded. */
  styles: LoadedStyles;
  stylesFailed: boolean;
  onRetryStyles: () => void;
  variantCounts: VariantLabelCounts;
  onVariantCount: (variantId: number, count: number) => void;
}

/** The labels of a chosen style, all its variants together. */
function styleLabelTotal(product: Product, rows: RowsProps): number {
  return labelRowsOf(product, rows.selection, rows.styles, rows.variantCounts).reduce((sum, r) => sum + r.count, 0);
}

/** A chosen style whose variants are not there: loading, or failed with a retry. */
function StyleWaiting({ product, rows }: { product: Product; rows: RowsProps }) {
  const t = useT();
  return rows.stylesFailed ? (
    <p className="flex flex-wrap items-center gap-2 text-sm text-red-700" role="alert">
      {t('barcodes.variantsLoadError', { name: product.name })}
      <Button variant="outline" onClick={rows.onRetryStyles}>
        {t('common.retry')}
      </Button>
    </p>
  ) : (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      <Skeleton className="h-5 w-40" />
      <span className="sr-only">{t('barcodes.variantsLoading')}</span>
    </p>
  );
}

/** Desktop: a chosen style's variants as rows under it, each with its code, price and label count. */
function VariantTableRows({ product, rows }: { product: Product; rows: RowsProps }) {
  const t = useT();
  const style = rows.styles.get(product.id);
  if (!style) {
    return (
      <tr className="bg-blue-50/40">
        <td />
        <td colSpan={5} className="px-3 py-2">
          <StyleWaiting product={product} rows={rows} />
        </td>
      </tr>
    );
  }
  return labelledVariants(style).map((variant) => (
    <tr key={variant.id} data-testid="barcode-variant-row" className="bg-blue-50/40">
      <td />
      <td />
      <td className="px-3 py-2 text-slate-800">
        <span className="font-medium">{variantText(variant, t)}</span>
        <span className="ml-2 text-xs text-slate-600">
          {t('barcodes.variantStock', { stock: formatNumber(variant.stock) })}
        </span>
      </td>
      <td className="px-3 py-2 font-mono text-slate-700">{labelCode(variant)}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">
        {formatBaht(variantPrice(style, variant))}
      </td>
      <td className="px-3 py-2">
        <div className="flex justify-center">
          <LabelCountInput
            name={variantName(product.name, variant)}
            count={variantLabelCount(variant, rows.variantCounts)}
            onChange={(next) => rows.onVariantCount(variant.id, next)}
            min={0}
          />
        </div>
      </td>
    </tr>
  ));
}

/** Mobile: a chosen style's variants inside its card. */
function VariantCardList({ product, rows }: { product: Product; rows: RowsProps }) {
  const t = useT();
  const style = rows.styles.get(product.id);
  if (!style) {
    return (
      <div className="border-t border-blue-200 px-3 py-2">
        <StyleWaiting product={product} rows={rows} />
      </div>
    );
  }
  return (
    <ul
      className="divide-y divide-blue-100 border-t border-blue-200"
      aria-label={t('barcodes.variantsOf', { name: product.name })}
    >
      {labelledVariants(style).map((variant) => (
        <li key={variant.id} data-testid="barcode-variant-row" className="flex items-center gap-2 py-2 pr-3 pl-4">
          <div className="min-w-0 flex-1 text-sm">
            <p className="text-slate-900">
              <span className="font-medium">{variantText(variant, t)}</span>
              <span className="ml-2 text-xs whitespace-nowrap text-slate-600">
                {t('barcodes.variantStock', { stock: formatNumber(variant.stock) })}
              </span>
            </p>
            <p className="break-all text-slate-600">
              <span className="font-mono">{labelCode(variant)}</span>
              <span aria-hidden> · </span>
              <span className="whitespace-nowrap tabular-nums">{formatBaht(variantPrice(style, variant))}</span>
            </p>
          </div>
          <LabelCountInput
            name={variantName(product.name, variant)}
            count={variantLabelCount(variant, rows.variantCounts)}
            onChange={(next) => rows.onVariantCount(variant.id, next)}
            min={0}
          />
        </li>
      ))}
    </ul>
  );
}

/** Desktop: the selection table (spec 001: select, image, name, barcode, price, label count). */
function SelectionTable({ header, ...rows }: RowsProps & { header: ReactNode }) {
  const { products, selection, onToggle, onCount } = rows;
  const t = useT();
  const th = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className="w-14 px-1 py-1">
              {header}
            </th>
            <th scope="col" className={cn(th, 'w-20')}>
              {t('barcodes.colImage')}
            </th>
            <th scope="col" className={th}>
              {t('barcodes.colName')}
            </th>
            <th scope="col" className={th}>
              {t('barcodes.colBarcode')}
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              {t('barcodes.colPrice')}
            </th>
            <th scope="col" className={cn(th, 'w-36 text-center')}>
              {t('barcodes.colCount')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {products.map((product) => {
            const count = selection.get(product.id);
            const selected = count !== undefined;
            const style = isStyle(product);
            return (
              <Fragment key={product.id}>
                <tr
                  data-testid="barcode-row"
                  aria-selected={selected}
                  className={cn(selected ? 'bg-blue-50/70' : 'hover:bg-slate-50/60')}
                >
                  <td className="px-1 py-1">
                    <Checkbox
                      checked={selected}
                      onChange={() => onToggle(product.id)}
                      aria-label={t('barcodes.selectProduct', { name: product.name })}
                    />
                  </td>
                  <td className="px-3 py-2">
                    <Thumbnail src={product.image_url} alt={product.name} />
                  </td>
                  <td className="px-3 py-2 font-medium break-words text-slate-900">{product.name}</td>
                  <td className="px-3 py-2 font-mono text-slate-700">{product.barcode || t('barcodes.noBarcode')}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">
                    {formatBaht(product.price)}
                  </td>
                  <td className="px-3 py-2">
                    {selected && style ? (
                      <p className="text-center text-slate-700 tabular-nums" data-testid="style-label-total">
                        {t('barcodes.styleLabels', { count: styleLabelTotal(product, rows).toLocaleString() })}
                      </p>
                    ) : selected ? (
                      <div className="flex justify-center">
                        <LabelCountInput
                          name={product.name}
                          count={count}
                          onChange={(next) => onCount(product.id, next)}
                        />
                      </div>
                    ) : null}
                  </td>
                </tr>
                {selected && style ? <VariantTableRows product={product} rows={rows} /> : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Mobile: the same choices as a list of cards. */
function SelectionCards(rows: RowsProps) {
  const { products, selection, onToggle, onCount } = rows;
  const t = useT();
  return (
    <ul className="space-y-2">
      {products.map((product) => {
        const count = selection.get(product.id);
        const selected = count !== undefined;
        const style = isStyle(product);
        return (
          <li key={product.id}>
            <Card data-testid="barcode-card" className={cn(selected && 'border-blue-300 bg-blue-50/70')}>
              <div className="flex items-center gap-2 p-2 pr-3">
                <Checkbox
                  checked={selected}
                  onChange={() => onToggle(product.id)}
                  aria-label={t('barcodes.selectProduct', { name: product.name })}
                />
                <Thumbnail src={product.image_url} alt={product.name} />
                <div className="min-w-0 flex-1">
                  <p className="leading-snug font-medium break-words text-slate-900">{product.name}</p>
                  <p className="text-sm break-all text-slate-600">
                    <span className="font-mono">{product.barcode || t('barcodes.noBarcode')}</span>
                  </p>
                  <p className="text-sm font-medium text-slate-900 tabular-nums">{formatBaht(product.price)}</p>
                </div>
                {selected && style ? (
                  <p className="shrink-0 text-sm text-slate-700 tabular-nums" data-testid="style-label-total">
                    {t('barcodes.styleLabels', { count: styleLabelTotal(product, rows).toLocaleString() })}
                  </p>
                ) : selected ? (
                  <LabelCountInput name={product.name} count={count} onChange={(next) => onCount(product.id, next)} />
                ) : null}
              </div>
              {selected && style ? <VariantCardList product={product} rows={rows} /> : null}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

/** Barcode label printing (spec 001 "Barcode printing (/barcodes)"). */
export function BarcodesScreen() {
  const t = useT();
  const me = useCurrentUser();
  const products = useAllProducts();
  const settings = useBarcodeSettings();
  const printDocument = usePrintDocument();
  const [search, setSearch] = useState('');
  const [perRow, setPerRow] = useState<LabelsPerRow>(DEFAULT_LABELS_PER_ROW);
  const [selection, setSelection] = useState<LabelSelection>(() => new Map());
  const [variantCounts, setVariantCounts] = useState<VariantLabelCounts>(() => new Map());
  const [previewOpen, setPreviewOpen] = useState(false);
  const canPrint = can(me.role, 'barcodes_print');

  const all = useMemo(() => products.data ?? [], [products.data]);
  const filtered = useMemo(() => filterProducts(all, search), [all, search]);
  const filteredIds = useMemo(() => filtered.map((p) => p.id), [filtered]);
  // Only the chosen styles' variants are loaded (their labels are per variant), not the whole list's.
  const chosenStyleIds = useMemo(
    () => all.filter((p) => selection.has(p.id) && isStyle(p)).map((p) => p.id),
    [all, selection],
  );
  const styles = useProductsWithVariants(chosenStyleIds);
  const total = totalLabels(selection, all, styles.byId, variantCounts);
  const selectedCount = all.filter((p) => selection.has(p.id)).length;
  const labels = previewOpen ? labelsToPrint(all, selection, styles.byId, variantCounts) : [];
  const everyFiltered = allSelected(selection, filteredIds);
  const someFiltered = !everyFiltered && filteredIds.some((id) => selection.has(id));

  // Spec 001 §8: the error toast "เกิดข้อผิดพลาด" says what failed; the error box adds why.
  const loadError = products.isError ? errorDetail(products.error) : undefined;
  useLoadErrorToast(products.isError ? t('barcodes.loadError') : null, products.errorUpdatedAt);

  const warnNothingSelected = () =>
    toast.error(t('barcodes.noSelectionTitle'), { description: t('barcodes.noSelectionMessage') });

  // A chosen style's labels are known once its variants are: until then nothing prints short of them.
  const openPreview = () => {
    if (styles.isPending) return;
    if (total === 0) {
      warnNothingSelected();
      return;
    }
    setPreviewOpen(true);
  };

  const print = () => {
    if (styles.isPending) return;
    if (total === 0) {
      warnNothingSelected();
      return;
    }
    printDocument();
  };

  // Ctrl/⌘+P on this screen prints labels, not the app: it opens the preview, or prints from it.
  const shortcut = useRef({ previewOpen, openPreview, print, canPrint });
  useEffect(() => {
    shortcut.current = { previewOpen, openPreview, print, canPrint };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'p') return;
      const current = shortcut.current;
      if (!current.canPrint) return;
      event.preventDefault();
      if (current.previewOpen) current.print();
      else current.openPreview();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const rows: RowsProps = {
    products: filtered,
    selection,
    onToggle: (id) => setSelection((s) => toggleProduct(s, id)),
    onCount: (id, count) => setSelection((s) => setLabelCount(s, id, count)),
    styles: styles.byId,
    stylesFailed: styles.isError,
    onRetryStyles: styles.refetch,
    variantCounts,
    onVariantCount: (id, count) => setVariantCounts((c) => setVariantLabelCount(c, id, count)),
  };
  const selectAllBox = (
    <Checkbox
      checked={everyFiltered}
      indeterminate={someFiltered}
      disabled={filteredIds.length === 0}
      onChange={() => setSelection((s) => toggleAll(s, filteredIds))}
      aria-label={t('barcodes.selectAll')}
    />
  );

  const printButton = canPrint ? (
    <Button onClick={openPreview} disabled={total === 0 || styles.isPending} data-testid="open-preview">
      <Printer aria-hidden />
      {t('barcodes.print', { count: total })}
    </Button>
  ) : null;

  const emptyAction = can(me.role, 'products_view') ? (
    <Button variant="outline" asChild>
      <Link to="/products">{t('barcodes.goToProducts')}</Link>
    </Button>
  ) : null;

  // No match keeps the summary and select-all above it, so it is drawn inside the list, not as QueryStates' noMatch.
  const body = (
    <QueryStates
      query={products}
      loading={<ListSkeleton />}
      errorTitle={t('barcodes.loadErrorTitle')}
      errorMessage={loadError}
      empty={<EmptyState title={t('barcodes.emptyTitle')} message={t('barcodes.emptyMessage')} action={emptyAction} />}
    >
      {() => (
        <>
          <div className="mb-2 flex min-h-11 items-center justify-between gap-3">
            <div className="flex items-center gap-1 md:hidden">
              {selectAllBox}
              <span className="text-sm text-slate-700">{t('barcodes.selectAllShort')}</span>
            </div>
            <p className="text-sm text-slate-600" aria-live="polite">
              {t('barcodes.selectedSummary', { products: selectedCount, labels: total })}
            </p>
          </div>
          {filtered.length === 0 ? (
            <EmptyState
              title={t('barcodes.noMatchTitle')}
              message={t('barcodes.noMatchMessage')}
              action={
                <Button variant="outline" onClick={() => setSearch('')}>
                  {t('barcodes.clearSearch')}
                </Button>
              }
            />
          ) : (
            <>
              <div className="hidden md:block">
                <SelectionTable {...rows} header={selectAllBox} />
              </div>
              <div className="md:hidden">
                <SelectionCards {...rows} />
              </div>
            </>
          )}
        </>
      )}
    </QueryStates>
  );

  return (
    <section>
      <PageHeader title={t('barcodes.title')} description={t('barcodes.subtitle')} actions={printButton} />

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          id="barcode-search"
          className="flex-1"
          label={t('barcodes.searchLabel')}
          placeholder={t('barcodes.searchPlaceholder')}
          value={search}
          onValueChange={setSearch}
        />
        <div className="flex items-center gap-2">
          <span id="labels-per-row" className="text-sm font-medium whitespace-nowrap text-slate-700">
            {t('barcodes.perRow')}
          </span>
          <div
            role="radiogroup"
            aria-labelledby="labels-per-row"
            className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
          >
            {LABELS_PER_ROW_OPTIONS.map((option) => (
              <label key={option} className="cursor-pointer">
                <input
                  type="radio"
                  name="labels-per-row"
                  value={option}
                  checked={perRow === option}
                  onChange={() => setPerRow(option)}
                  aria-label={t('barcodes.perRowOption', { count: option })}
                  className="peer sr-only"
                />
                <span
                  className={cn(
                    'flex min-h-11 min-w-12 items-center justify-center rounded-md px-3 text-sm font-medium tabular-nums',
                    'text-slate-700 peer-hover:bg-slate-100',
                    'peer-checked:bg-blue-600 peer-checked:text-white peer-checked:shadow-sm peer-checked:peer-hover:bg-blue-700',
                    'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-blue-600',
                  )}
                >
                  {option}
                </span>
              </label>
            ))}
          </div>
        </div>
      </div>

      {body}

      <LabelPrintPreview
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
        labels={labels}
        perRow={perRow}
        settings={settings}
        onPrint={print}
        canPrint={canPrint}
      />
    </section>
  );
}
