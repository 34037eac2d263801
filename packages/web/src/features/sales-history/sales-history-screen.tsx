import { can, CSV_PREFIXES, csvFileName, formatBaht, type Sale } from '@pos/core';
import { CloudOff, Download, Package, Receipt, ShoppingBag, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStates } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';
import { MoneyFigure } from '../../components/ui/money-figure';
import { StatCard } from '../../components/ui/stat-card';
import { EmptyState } from '../../components/ui/states';
import { Spinner } from '../../components/ui/spinner';
import { useI18n } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { localDateKey } from '../../lib/dates';
import { downloadTextFile } from '../../lib/download';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { FlaggedCardSalesPanel } from '../payments/flagged-card-sales';
import { FlaggedOfflineSalesPanel } from '../offline-review/flagged-offline-sales';
import { ReceiptDialog } from '../receipt/receipt-dialog';
import { CreditNoteDialog } from './credit-note-dialog';
import { dayRange } from './date-ranges';
import { EditSaleDialog } from './edit-sale-dialog';
import { RefundDialog } from './refund-dialog';
import { SalesFiltersBar, type FilterState } from './sales-filters-bar';
import { fetchSalesCsv, useSalesHistory, type SalesFilters } from './sales-history.queries';
import { TaxInvoiceDialog } from '../tax-invoice/tax-invoice-dialog';
import { SalesTable, type SaleAction } from './sale-rows';

const NO_FILTERS: FilterState = { search: '', range: 'all', from: '', to: '' };

function ListSkeleton() {
  return (
    <div className="space-y-3">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-20 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** Sales history at /refund-history (spec 001 "Sales history"). */
export function SalesHistoryScreen() {
  const { t, intlLocale } = useI18n();
  const me = useCurrentUser();
  const canRefund = can(me.role, 'pos_refund');
  const canExport = can(me.role, 'reports_export');
  const canIssueTaxInvoice = can(me.role, 'pos_process_sale');
  const [filterState, setFilterState] = useState<FilterState>(NO_FILTERS);
  const search = useDebouncedValue(filterState.search, 300);
  const filters: SalesFilters = useMemo(
    () => ({ search, ...dayRange(filterState.range, new Date(), filterState) }),
    [search, filterState],
  );
  const history = useSalesHistory(filters);
  const [open, setOpen] = useState<{ action: SaleAction; saleId: number } | null>(null);
  const [exporting, setExporting] = useState(false);

  const sales = useMemo(() => history.data?.pages.flatMap((p) => p.sales) ?? [], [history.data]);
  const first = history.data?.pages[0];
  const filtered = filters.search !== '' || filters.startDate !== undefined || filters.endDate !== undefined;
  const loadError = history.isError ? errorMessage(history.error, t('salesHistory.loadError')) : null;
  useLoadErrorToast(loadError, history.errorUpdatedAt);
  // The dialog shows the sale as it is now (after a refund the list reloads it).
  const openSale: Sale | null = open ? (sales.find((s) => s.id === open.saleId) ?? null) : null;

  const exportCsv = async () => {
    if (!canExport) {
      toast.error(t('common.error'), { description: t('salesHistory.exportDenied') });
      return;
    }
    setExporting(true);
    try {
      const { text, rows } = await fetchSalesCsv(filters, 'history');
      if (rows === 0) {
        toast.error(t('salesHistory.exportEmpty'));
        return;
      }
      downloadTextFile(csvFileName(CSV_PREFIXES.salesHistory, localDateKey(new Date())), text);
      toast.success(t('salesHistory.exported'), {
        description: t('salesHistory.exportedMessage', { count: rows }),
      });
    } catch (cause) {
      toast.error(t('salesHistory.exportError'), { description: errorMessage(cause, t('salesHistory.exportError')) });
    } finally {
      setExporting(false);
    }
  };

  const count = (n: number) => n.toLocaleString(intlLocale);

  return (
    <section>
      <PageHeader
        title={t('salesHistory.title')}
        description={t('salesHistory.subtitle')}
        actions={
          canExport ? (
            <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || !history.isSuccess}>
              {exporting ? <Spinner /> : <Download aria-hidden />}
              {exporting ? t('salesHistory.exporting') : t('salesHistory.export')}
            </Button>
          ) : null
        }
      />

      {/* Flagged card sales are handled by whoever may refund them (pos_refund), the usual remedy. */}
      <FlaggedCardSalesPanel
        canHandle={canRefund}
        onShowSale={(documentNumber) => setFilterState({ ...NO_FILTERS, search: documentNumber })}
      />
      {/* Sales a till made offline and the server recorded despite a mismatch: the same people deal with them. */}
      <FlaggedOfflineSalesPanel
        canHandle={canRefund}
        onShowSale={(documentNumber) => setFilterState({ ...NO_FILTERS, search: documentNumber })}
      />

      {first?.kept ? (
        <p
          role="status"
          data-testid="kept-sales-notice"
          className="mb-4 flex gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950"
        >
          <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden />
          {t('offline.keptSales')}
        </p>
      ) : null}
      {history.isError ? null : (
        <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            icon={ShoppingBag}
            tone="green"
            label={t('salesHistory.statAmount')}
            loading={!first}
            value={first ? <MoneyFigure value={first.summary.totalAmount} /> : ''}
            note={
              first && first.summary.refundedAmount > 0
                ? t('salesHistory.statAmountNote', { amount: formatBaht(first.summary.refundedAmount) })
                : undefined
            }
          />
          <StatCard
            icon={Receipt}
            tone="blue"
            label={t('salesHistory.statCount')}
            loading={!first}
            value={first ? count(first.total) : ''}
          />
          <StatCard
            icon={Package}
            tone="violet"
            label={t('salesHistory.statItems')}
            loading={!first}
            value={first ? count(first.summary.itemsSold) : ''}
          />
          <StatCard
            icon={Users}
            tone="amber"
            label={t('salesHistory.statCustomers')}
            loading={!first}
            value={first ? count(first.summary.uniqueCustomers) : ''}
          />
        </div>
      )}

      <SalesFiltersBar
        value={filterState}
        onChange={setFilterState}
        status={
          first ? t('salesHistory.showing', { shown: count(sales.length), total: count(first.total) }) : undefined
        }
      />

      <QueryStates
        query={history}
        loading={<ListSkeleton />}
        errorTitle={t('salesHistory.loadErrorTitle')}
        errorMessage={loadError ?? undefined}
        isEmpty={(data) => data.pages[0]?.total === 0 && !filtered}
        empty={<EmptyState title={t('salesHistory.emptyTitle')} message={t('salesHistory.emptyMessage')} />}
        noMatch={
          first?.total === 0 ? (
            <EmptyState
              title={t('salesHistory.noMatchTitle')}
              message={t('salesHistory.noMatchMessage')}
              action={
                <Button variant="outline" onClick={() => setFilterState(NO_FILTERS)}>
                  {t('salesHistory.clearFilters')}
                </Button>
              }
            />
          ) : null
        }
      >
        {() => (
          <>
            <SalesTable
              sales={sales}
              canRefund={canRefund}
              canIssueTaxInvoice={canIssueTaxInvoice}
              onAction={(action, sale) => setOpen({ action, saleId: sale.id })}
            />
            {history.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void history.fetchNextPage()}
                  disabled={history.isFetchingNextPage}
                >
                  {history.isFetchingNextPage ? <Spinner /> : null}
                  {t('salesHistory.loadMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </QueryStates>

      {openSale && (open?.action === 'receipt' || open?.action === 'tax-invoice') ? (
        <ReceiptDialog
          sale={openSale}
          initialType={open.action}
          canIssueTaxInvoice={canIssueTaxInvoice}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {openSale && open?.action === 'full-tax-invoice' ? (
        <TaxInvoiceDialog sale={openSale} onClose={() => setOpen(null)} />
      ) : null}
      {openSale && open?.action === 'credit-notes' ? (
        <CreditNoteDialog sale={openSale} onClose={() => setOpen(null)} />
      ) : null}
      {openSale && open?.action === 'refund' ? (
        <RefundDialog
          sale={openSale}
          onClose={() => setOpen(null)}
          onPrintCreditNote={() => setOpen({ action: 'credit-notes', saleId: openSale.id })}
        />
      ) : null}
      {openSale && open?.action === 'edit' ? <EditSaleDialog sale={openSale} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
