import { can, type Product } from '@pos/core';
import { Plus, Printer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { useDialogs } from '../../components/dialogs/dialogs-provider';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { SearchInput } from '../../components/ui/search-input';
import { Skeleton } from '../../components/ui/skeleton';
import { QueryStates } from '../../components/ui/query-states';
import { EmptyState } from '../../components/ui/states';
import { useT } from '../../i18n';
import { errorDetail, errorMessage } from '../../lib/api';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { cn } from '../../lib/utils';
import { ProductDialog } from './product-dialog';
import { ProductCards, ProductTable, type ProductActions } from './product-list';
import { ProductStats } from './product-stats';
import { useAllProducts, useDeleteProduct, useProductCategoryNames, useProducts } from './products.queries';
import { StockAdjustDialog } from './stock-adjust-dialog';
import { StockHistoryDialog } from './stock-history-dialog';
import { UnassignedStockNotice } from './unassigned-notice';
import { useDebouncedValue } from '../../lib/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 250;

type OpenDialog = { kind: 'add' } | { kind: 'edit' | 'adjust' | 'history'; product: Product } | null;

function ListSkeleton() {
  return (
    <div aria-hidden className="space-y-3">
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white md:block">
        <Skeleton className="h-11 rounded-none" />
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-4 border-t border-slate-100 px-4 py-3">
            <Skeleton className="size-12" />
            <Skeleton className="h-5 flex-1" />
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-6 w-12 rounded-full" />
          </div>
        ))}
      </div>
      <div className="space-y-3 md:hidden">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <Skeleton className="size-16" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-6 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Product management (spec 001 "Product management"). */
export function ProductsScreen() {
  const t = useT();
  const me = useCurrentUser();
  const dialogs = useDialogs();
  const [searchText, setSearchText] = useState('');
  const [category, setCategory] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [open, setOpen] = useState<OpenDialog>(null);

  const all = useAllProducts();
  const list = useProducts({ search, category });
  const categories = useProductCategoryNames();
  const remove = useDeleteProduct();

  const permissions = {
    create: can(me.role, 'products_create'),
    edit: can(me.role, 'products_edit'),
    remove: can(me.role, 'products_delete'),
    viewStock: can(me.role, 'products_view'),
    barcodes: can(me.role, 'barcodes_view'),
  };

  const categoryNames = useMemo(() => categories.data ?? [], [categories.data]);
  const stats = useMemo(() => {
    const products = all.data ?? [];
    return {
      total: products.length,
      // What the list marks low (a style's total, or any of its selling variants): the server's answer per row.
      lowStock: products.filter((p) => p.low_stock === true).length,
      unassigned: products.filter((p) => p.unassigned_stock !== 0).length,
    };
  }, [all.data]);

  // The toast says what failed (spec 001 §8); the error box adds why.
  const loadError = list.isError ? errorDetail(list.error) : undefined;
  useLoadErrorToast(list.isError ? t('products.loadError') : null, list.errorUpdatedAt);

  const confirmDelete = async (product: Product) => {
    const confirmed = await dialogs.confirmDelete({
      title: t('products.deleteTitle'),
      message: t('products.deleteConfirm'),
    });
    if (!confirmed) return;
    remove.mutate(product.id, {
      onSuccess: (result) => {
        toast.success(t('products.deleted'), {
          description: t(result.soft_deleted ? 'products.deletedKeptHistory' : 'products.deletedMessage', {
            name: product.name,
          }),
        });
      },
      onError: (error) => {
        toast.error(t('common.error'), { description: errorMessage(error, t('products.deleteError')) });
      },
    });
  };

  const actions: ProductActions = {
    canEdit: permissions.edit,
    canDelete: permissions.remove,
    canAdjustStock: permissions.edit,
    canViewStock: permissions.viewStock,
    onEdit: (product) => setOpen({ kind: 'edit', product }),
    onDelete: (product) => void confirmDelete(product),
    onAdjustStock: (product) => setOpen({ kind: 'adjust', product }),
    onStockHistory: (product) => setOpen({ kind: 'history', product }),
    deletingId: remove.isPending ? (remove.variables ?? null) : null,
  };

  const addButton = permissions.create ? (
    <Button onClick={() => setOpen({ kind: 'add' })}>
      <Plus aria-hidden />
      {t('products.add')}
    </Button>
  ) : null;

  const filtered = search !== '' || category !== '';
  const clearFilters = () => {
    setSearchText('');
    setCategory('');
  };

  return (
    <section>
      <PageHeader
        title={t('products.title')}
        description={t('products.subtitle')}
        actions={
          <>
            {permissions.barcodes ? (
              <Button variant="outline" asChild>
                <Link to="/barcodes">
                  <Printer aria-hidden />
                  {t('products.printBarcodes')}
                </Link>
              </Button>
            ) : null}
            {addButton}
          </>
        }
      />

      <UnassignedStockNotice styles={stats.unassigned} />

      <ProductStats
        total={stats.total}
        lowStock={stats.lowStock}
        categories={categoryNames.length}
        loading={{ products: all.isPending, categories: categories.isPending }}
        unavailable={{ products: all.isError, categories: categories.isError }}
      />

      <div className="mb-4 space-y-3">
        <SearchInput
          id="product-search"
          label={t('products.searchLabel')}
          placeholder={t('products.searchPlaceholder')}
          value={searchText}
          onValueChange={setSearchText}
        />
        <div role="group" aria-label={t('products.categoryFilter')} className="flex flex-wrap gap-2">
          {['', ...categoryNames].map((name) => {
            const active = category === name;
            return (
              <Button
                key={name || 'all'}
                variant={active ? 'primary' : 'outline'}
                aria-pressed={active}
                onClick={() => setCategory(name)}
                className="rounded-full"
              >
                {name || t('products.allCategories')}
              </Button>
            );
          })}
        </div>
      </div>

      <QueryStates
        query={list}
        loading={<ListSkeleton />}
        errorTitle={t('products.loadErrorTitle')}
        errorMessage={loadError}
        onRetry={() => {
          void list.refetch();
          void all.refetch();
          void categories.refetch();
        }}
        isEmpty={(products) => products.length === 0 && !filtered}
        empty={<EmptyState title={t('products.emptyTitle')} message={t('products.emptyMessage')} action={addButton} />}
        noMatch={
          list.data?.length === 0 ? (
            <EmptyState
              title={t('products.noMatchTitle')}
              message={t('products.noMatchMessage')}
              action={
                <Button variant="outline" onClick={clearFilters}>
                  {t('products.clearFilters')}
                </Button>
              }
            />
          ) : null
        }
      >
        {(products) => (
          <div
            aria-busy={list.isPlaceholderData}
            className={cn(list.isPlaceholderData && 'opacity-60 transition-opacity')}
          >
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {t('products.count', { shown: products.length, total: stats.total || products.length })}
            </p>
            <div className="hidden md:block">
              <ProductTable products={products} actions={actions} />
            </div>
            <div className="md:hidden">
              <ProductCards products={products} actions={actions} />
            </div>
          </div>
        )}
      </QueryStates>

      {open?.kind === 'add' || open?.kind === 'edit' ? (
        <ProductDialog
          key={open.kind === 'edit' ? `edit-${open.product.id}` : 'add'}
          product={open.kind === 'edit' ? open.product : null}
          categories={categoryNames}
          categoriesLoading={categories.isPending}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'adjust' ? (
        <StockAdjustDialog product={open.product} stock={open.product.stock} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'history' ? <StockHistoryDialog product={open.product} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
