import { type Product, type ProductVariant } from '@pos/core';
import { Minus, Plus, ScanBarcode } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';
import { errorDetail, errorMessage } from '../../lib/api';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import {
  addOne,
  changedVariantOf,
  countableVariants,
  countSummary,
  removeOne,
  startStockOf,
  styleCountBody,
  typeCount,
  variantByCode,
  type Counts,
} from './stock-count';
import { formatChange, formatNumber } from '../../lib/format-number';
import { useProductWithVariants, useStyleCount } from './stock-variants.queries';

type ScanNews = { kind: 'added'; text: string } | { kind: 'refused'; text: string } | null;

function CountRow({
  variant,
  stock,
  counted,
  onMinus,
  onPlus,
  onType,
  onEnter,
}: {
  variant: ProductVariant;
  stock: number;
  counted: number | undefined;
  onMinus: () => void;
  onPlus: () => void;
  onType: (text: string) => void;
  /** Enter in a figure: back to the scan field (a scan typed here by mistake must not save the count). */
  onEnter: () => void;
}) {
  const t = useT();
  const name = variantText(variant, t);
  const diff = counted === undefined ? null : counted - stock;
  return (
    <li
      className={cn(
        'flex items-center gap-2 rounded-lg border px-3 py-2',
        counted !== undefined ? 'border-blue-200 bg-blue-50/60' : 'border-slate-200',
      )}
      data-testid="count-row"
      data-variant-id={variant.id}
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{name}</p>
        <p className="text-sm text-slate-600 tabular-nums">
          {t('stock.countColStock')} {formatNumber(stock)}
          {diff !== null && diff !== 0 ? (
            <Badge tone={diff < 0 ? 'red' : 'green'} className="ml-2 tabular-nums" data-testid="count-diff">
              {formatChange(diff)}
            </Badge>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={onMinus}
          disabled={!counted}
          aria-label={t('stock.countMinus', { variant: name })}
        >
          <Minus aria-hidden />
        </Button>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={counted === undefined ? '' : String(counted)}
          placeholder="–"
          onChange={(e) => onType(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onEnter();
          }}
          aria-label={t('stock.countInput', { variant: name })}
          className="w-16 px-1 text-center tabular-nums"
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={onPlus}
          aria-label={t('stock.countPlus', { variant: name })}
        >
          <Plus aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/**
 * Count mode for a style: each scanned barcode (a scanner types it and Enter) adds one to its variant,
 * and a figure can be stepped or typed. Saving sends every counted variant against the stock it had when
 * the count began, so a sale meanwhile is caught (409 naming the variant) instead of overwritten.
 */
export function StockCountDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const t = useT();
  const scanId = useId();
  const detail = useProductWithVariants(product.id);
  const save = useStyleCount();
  const scanInput = useRef<HTMLInputElement>(null);
  // The figures the count started from: taken once, from a load made after the dialog opened.
  const [start, setStart] = useState<Map<number, number> | null>(null);
  const [counts, setCounts] = useState<Counts>(() => new Map());
  const [complete, setComplete] = useState(false);
  const [scan, setScan] = useState('');
  const [note, setNote] = useState('');
  const [news, setNews] = useState<ScanNews>(null);
  const [changed, setChanged] = useState<{ variantId: number; stock: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const loaded = detail.data && detail.isFetchedAfterMount ? detail.data : null;
  useEffect(() => {
    if (loaded && start === null) setStart(startStockOf(loaded.variants));
  }, [loaded, start]);

  const variants = useMemo(
    () => (loaded && start ? countableVariants(loaded.variants).filter((v) => start.has(v.id)) : []),
    [loaded, start],
  );
  const unassigned = loaded?.unassigned_stock ?? 0;
  const stockOf = (v: ProductVariant) => start?.get(v.id) ?? v.stock;
  const summary = countSummary(variants, start ?? new Map(), counts, {
    complete,
    unassigned,
    styleStock: loaded?.stock ?? product.stock,
  });

  const onScan = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // A scanner's Enter must not submit the form.
    event.preventDefault();
    const code = scan.trim();
    setScan('');
    if (code === '') return;
    const variant = variantByCode(variants, code);
    if (!variant) {
      setNews({ kind: 'refused', text: t('stock.scanUnknown', { code, name: product.name }) });
      return;
    }
    const next = addOne(counts, variant.id);
    setCounts(next);
    setProblem(null);
    setNews({
      kind: 'added',
      text: t('stock.scanAdded', {
        variant: variantText(variant, t),
        count: formatNumber(next.get(variant.id) ?? 0),
      }),
    });
  };

  const change = (next: Counts) => {
    setCounts(next);
    setProblem(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!start) return;
    const body = styleCountBody(variants, start, counts, { complete, note });
    if (body.counts.length === 0) {
      setProblem(t('stock.countNothing'));
      return;
    }
    setProblem(null);
    setChanged(null);
    save.mutate(
      { id: product.id, body },
      {
        onSuccess: (saved) => {
          toast.success(t('stock.countSaved'), {
            description: t('stock.countSavedMessage', {
              name: saved.name,
              before: formatNumber(summary.before),
              after: formatNumber(saved.stock),
            }),
          });
          onClose();
        },
        onError: (error) => {
          const moved = changedVariantOf(error);
          if (moved) {
            setChanged(moved);
            return;
          }
          const message = errorMessage(error, t('stock.countSaveError'));
          setProblem(message);
          toast.error(t('common.error'), { description: message });
        },
      },
    );
  };

  // The variant that moved starts again from its figure now; what was counted of it stays to be checked.
  const reloadChanged = () => {
    if (!changed) return;
    setStart((s) => new Map(s).set(changed.variantId, changed.stock));
    setChanged(null);
    scanInput.current?.focus();
  };
  const changedVariant = changed ? variants.find((v) => v.id === changed.variantId) : undefined;

  const pending = save.isPending;
  return (
    <Dialog open onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('stock.count')}</DialogTitle>
          <DialogDescription>{t('stock.countDescription', { name: product.name })}</DialogDescription>
        </DialogHeader>
        {detail.isError ? (
          <ErrorAlert title={t('stock.variantsLoadError')}>
            <p>{errorDetail(detail.error)}</p>
            <Button variant="outline" className="mt-2" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </Button>
          </ErrorAlert>
        ) : !start ? (
          <div aria-hidden className="space-y-2">
            <Skeleton className="h-11" />
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {changed ? (
              <ErrorAlert title={t('stock.countChangedTitle')}>
                <p>
                  {t('stock.countChangedMessage', {
                    variant: changedVariant ? variantText(changedVariant, t) : product.name,
                    stock: formatNumber(changed.stock),
                  })}
                </p>
                <Button type="button" variant="outline" className="mt-2" onClick={reloadChanged}>
                  {t('stock.countReload')}
                </Button>
              </ErrorAlert>
            ) : null}
            {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}

            <div className="space-y-1.5">
              <label htmlFor={scanId} className="flex items-center gap-2 text-sm font-medium text-slate-800">
                <ScanBarcode className="size-4" aria-hidden />
                {t('stock.scanLabel')}
              </label>
              <Input
                ref={scanInput}
                id={scanId}
                value={scan}
                onChange={(e) => setScan(e.target.value)}
                onKeyDown={onScan}
                placeholder={t('stock.scanPlaceholder')}
                autoComplete="off"
                autoFocus
                data-testid="count-scan"
                aria-describedby={`${scanId}-news`}
                aria-invalid={news?.kind === 'refused' || undefined}
              />
              <p
                id={`${scanId}-news`}
                role="status"
                className={cn('min-h-5 text-sm', news?.kind === 'refused' ? 'text-red-700' : 'text-green-800')}
                data-testid="count-news"
              >
                {news?.text}
              </p>
            </div>

            <ul
              className="grid max-h-[50vh] gap-2 overflow-y-auto sm:grid-cols-2"
              aria-label={t('stock.countColVariant')}
            >
              {variants.map((variant) => (
                <CountRow
                  key={variant.id}
                  variant={variant}
                  stock={stockOf(variant)}
                  counted={counts.get(variant.id)}
                  onMinus={() => change(removeOne(counts, variant.id))}
                  onPlus={() => change(addOne(counts, variant.id))}
                  onType={(text) => change(typeCount(counts, variant.id, text))}
                  onEnter={() => scanInput.current?.focus()}
                />
              ))}
            </ul>

            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex items-start gap-1">
                <Checkbox
                  id={`${scanId}-complete`}
                  checked={complete}
                  onChange={(e) => setComplete(e.target.checked)}
                  aria-describedby={`${scanId}-complete-hint`}
                  className="-mt-2.5 -ml-2.5"
                />
                <div>
                  <label htmlFor={`${scanId}-complete`} className="cursor-pointer font-medium text-slate-900">
                    {t('stock.countComplete')}
                  </label>
                  <p id={`${scanId}-complete-hint`} className="text-sm text-slate-600">
                    {unassigned !== 0
                      ? t('stock.countCompleteUnassigned', { count: formatNumber(unassigned) })
                      : t('stock.countCompleteHint')}
                  </p>
                </div>
              </div>

              <FormField id={`${scanId}-note`} label={t('stock.note')} labelNote={t('common.optional')}>
                <Textarea
                  id={`${scanId}-note`}
                  rows={1}
                  maxLength={200}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              </FormField>
            </div>

            <p
              className="rounded-lg bg-slate-50 px-4 py-3 text-sm font-medium text-slate-800 tabular-nums"
              data-testid="count-summary"
              aria-live="polite"
            >
              {t('stock.countSummary', {
                counted: formatNumber(summary.counted),
                total: formatNumber(variants.length),
                before: formatNumber(summary.before),
                after: formatNumber(summary.after),
              })}
            </p>

            <DialogFormFooter pending={pending} submitLabel={t('stock.countSubmit')} onCancel={onClose} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
