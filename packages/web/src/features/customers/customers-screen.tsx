import { can, summarizeCustomers, type Customer } from '@pos/core';
import { Download, ShoppingBag, TrendingUp, UserPlus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { useDialogs } from '../../components/dialogs/dialogs-provider';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { MoneyFigure } from '../../components/ui/money-figure';
import { StatCard, StatCardSkeleton } from '../../components/ui/stat-card';
import { QueryStates } from '../../components/ui/query-states';
import { EmptyState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { CustomerCard } from './customer-card';
import { CustomerDialog } from './customer-dialog';
import { CustomerNoMatch, CustomerSearchBox, useCustomerSearch } from './customer-search';
import { downloadCustomersCsv } from './customers-csv-download';
import { customersCsv } from './customers-export';
import { useCustomers, useDeleteCustomer } from './customers.queries';

const GRID = 'grid gap-4 md:grid-cols-2 2xl:grid-cols-3';

type DialogState = { customer: Customer | null } | null;

function CustomersSkeleton() {
  return (
    <div className={GRID} aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} className="space-y-3 p-4">
          <div className="flex gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-20" />
        </Card>
      ))}
    </div>
  );
}

/** Customer management (spec 001 "Customer management"). */
export function CustomersScreen() {
  const { t, intlLocale } = useI18n();
  const me = useCurrentUser();
  const dialogs = useDialogs();
  const customers = useCustomers();
  const remove = useDeleteCustomer();
  const [dialog, setDialog] = useState<DialogState>(null);

  const permissions = {
    create: can(me.role, 'customers_create'),
    edit: can(me.role, 'customers_edit'),
    remove: can(me.role, 'customers_delete'),
    export: can(me.role, 'reports_export'),
  };

  const all = useMemo(() => customers.data ?? [], [customers.data]);
  const { search, setSearch, term, shown } = useCustomerSearch(all);
  const summary = useMemo(() => summarizeCustomers(all, new Date()), [all]);

  const loadError = customers.isError ? errorMessage(customers.error, t('customers.loadError')) : null;
  useLoadErrorToast(loadError, customers.errorUpdatedAt);

  const exportCsv = () => downloadCustomersCsv(shown, { allowed: permissions.export, toCsv: customersCsv, t });

  const confirmDelete = async (customer: Customer) => {
    const confirmed = await dialogs.confirmDelete({
      title: t('customers.deleteTitle'),
      message: t('customers.deleteConfirm', { name: customer.name }),
    });
    if (!confirmed) return;
    remove.mutate(customer.id, {
      onSuccess: (result) => {
        toast.success(t('customers.deleted'), {
          description: t(result.soft_deleted ? 'customers.deletedKeptHistory' : 'customers.deletedMessage', {
            name: customer.name,
          }),
        });
      },
      onError: (error) => {
        toast.error(t('common.error'), { description: errorMessage(error, t('customers.deleteError')) });
      },
    });
  };

  const addButton = permissions.create ? (
    <Button onClick={() => setDialog({ customer: null })}>
      <UserPlus aria-hidden />
      {t('customers.add')}
    </Button>
  ) : null;

  return (
    <section>
      <PageHeader
        title={t('customers.title')}
        description={
          customers.isSuccess && all.length > 0
            ? t('customers.count', { count: all.length.toLocaleString(intlLocale) })
            : t('customers.subtitle')
        }
        actions={
          <>
            <Button variant="outline" onClick={exportCsv} disabled={!customers.isSuccess}>
              <Download aria-hidden />
              {t('customers.export')}
            </Button>
            {addButton}
          </>
        }
      />

      {customers.isError ? null : (
        <div className="mb-6 grid gap-4 sm:grid-cols-3">
          {customers.isSuccess ? (
            <>
              <StatCard
                icon={Users}
                tone="blue"
                label={t('customers.statTotal')}
                value={summary.totalCustomers.toLocaleString(intlLocale)}
              />
              <StatCard
                icon={ShoppingBag}
                tone="green"
                label={t('customers.statSales')}
                value={<MoneyFigure value={summary.totalSales} />}
              />
              <StatCard
                icon={TrendingUp}
                tone="violet"
                label={t('customers.statAverage')}
                value={<MoneyFigure value={summary.averageOrder} />}
              />
            </>
          ) : (
            <>
              <StatCardSkeleton />
              <StatCardSkeleton />
              <StatCardSkeleton />
            </>
          )}
        </div>
      )}

      <CustomerSearchBox
        id="customer-search"
        value={search}
        onValueChange={setSearch}
        result={term && customers.isSuccess ? { shown: shown.length, total: all.length } : null}
      />

      <QueryStates
        query={customers}
        loading={<CustomersSkeleton />}
        errorTitle={t('customers.loadErrorTitle')}
        errorMessage={loadError ?? undefined}
        empty={
          <EmptyState title={t('customers.emptyTitle')} message={t('customers.emptyMessage')} action={addButton} />
        }
        noMatch={shown.length === 0 ? <CustomerNoMatch term={term} onClear={() => setSearch('')} /> : null}
      >
        {() => (
          <ul className={GRID} aria-label={t('customers.listLabel')}>
            {shown.map((customer) => (
              <li key={customer.id} className="flex">
                <CustomerCard
                  customer={customer}
                  permissions={{ edit: permissions.edit, remove: permissions.remove }}
                  deletePending={remove.isPending && remove.variables === customer.id}
                  onEdit={(c) => setDialog({ customer: c })}
                  onDelete={(c) => void confirmDelete(c)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>

      <CustomerDialog
        open={dialog !== null}
        customer={dialog?.customer ?? null}
        onClose={() => setDialog(null)}
        existingCustomer={{
          label: (name) => t('customerDialog.showExisting', { name }),
          // The list filtered to the customer who has the number, with their own actions.
          open: (id) => {
            setDialog(null);
            setSearch(all.find((c) => c.id === id)?.phone ?? '');
          },
        }}
      />
    </section>
  );
}
