import { can, csvFileName, type Shift } from '@pos/core';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStates } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { EmptyState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { localDateKey } from '../../lib/dates';
import { downloadTextFile } from '../../lib/download';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { useTills } from '../shifts/shifts.queries';
import { userKeys, usersApi } from '../users/users.queries';
import { ShiftDetailDialog } from './shift-detail-dialog';
import { isFiltered, NO_SHIFT_FILTERS, type ShiftFilters } from './shift-filters';
import { ShiftFiltersBar, type FilterOption } from './shift-filters-bar';
import { fetchShiftsCsv, useShiftList } from './shift-list.queries';
import { ShiftTable } from './shift-rows';

/** The export's file name: `shifts_2026-11-28.csv` (core's CSV_PREFIXES has no entry for shifts yet). */
const CSV_PREFIX = 'shifts';

function ListSkeleton() {
  return (
    <div className="space-y-3">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}

/**
 * Who to filter by: every user when the manager may read the users, else everyone seen opening, closing or
 * approving a shift in the pages loaded so far (a manager holds no users_view), kept across filter changes.
 */
function usePeople(shifts: readonly Shift[], canListUsers: boolean): FilterOption[] {
  const users = useQuery({
    queryKey: userKeys.lists(),
    queryFn: ({ signal }) => usersApi.list(signal),
    enabled: canListUsers,
  });
  const [seen, setSeen] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    setSeen((before) => {
      const next = new Map(before);
      for (const s of shifts) {
        for (const p of [s.openedBy, s.closedBy, s.differenceApprovedBy]) {
          if (p?.name && !next.has(p.id)) next.set(p.id, p.name);
        }
      }
      return next.size === before.size ? before : next;
    });
  }, [shifts]);
  return useMemo(() => {
    const list = users.data
      ? users.data.map((u) => ({ id: u.id, name: u.name }))
      : [...seen].map(([id, name]) => ({ id, name }));
    return list.sort((a, b) => a.name.localeCompare(b.name, 'th'));
  }, [users.data, seen]);
}

/** Managers' shift list at /shifts (issue 35): every till's shifts, newest first, filtered, exported, opened. */
export function ShiftListScreen() {
  const { t, intlLocale } = useI18n();
  const me = useCurrentUser();
  const [filters, setFilters] = useState<ShiftFilters>(NO_SHIFT_FILTERS);
  const list = useShiftList(filters);
  const tills = useTills();
  const [open, setOpen] = useState<Shift | null>(null);
  const [exporting, setExporting] = useState(false);

  const shifts = useMemo(() => list.data?.pages.flatMap((p) => p.shifts) ?? [], [list.data]);
  const people = usePeople(shifts, can(me.role, 'users_view'));
  const tillOptions = useMemo(() => (tills.data ?? []).map((till) => ({ id: till.id, name: till.name })), [tills.data]);
  const loadError = list.isError ? errorMessage(list.error, t('shiftList.loadError')) : null;
  useLoadErrorToast(loadError, list.errorUpdatedAt);
  const count = (n: number) => n.toLocaleString(intlLocale);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { text, rows } = await fetchShiftsCsv(filters);
      if (rows === 0) {
        toast.error(t('shiftList.exportEmpty'));
        return;
      }
      downloadTextFile(csvFileName(CSV_PREFIX, localDateKey(new Date())), text);
      toast.success(t('shiftList.exported'), { description: t('shiftList.exportedMessage', { count: rows }) });
    } catch (cause) {
      toast.error(t('shiftList.exportError'), { description: errorMessage(cause, t('shiftList.exportError')) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section>
      <PageHeader
        title={t('shiftList.title')}
        description={t('shiftList.subtitle')}
        actions={
          // The route asks for shift_manage, which the CSV asks for too.
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || !list.isSuccess}>
            {exporting ? <Spinner /> : <Download aria-hidden />}
            {exporting ? t('shiftList.exporting') : t('shiftList.export')}
          </Button>
        }
      />

      <ShiftFiltersBar
        value={filters}
        onChange={setFilters}
        tills={tillOptions}
        people={people}
        status={list.isSuccess ? t('shiftList.showing', { shown: count(shifts.length) }) : undefined}
      />

      <QueryStates
        query={list}
        loading={<ListSkeleton />}
        errorTitle={t('shiftList.loadErrorTitle')}
        errorMessage={loadError ?? undefined}
        isEmpty={(data) => data.pages[0]?.shifts.length === 0 && !isFiltered(filters)}
        empty={<EmptyState title={t('shiftList.emptyTitle')} message={t('shiftList.emptyMessage')} />}
        noMatch={
          shifts.length === 0 ? (
            <EmptyState
              title={t('shiftList.noMatchTitle')}
              message={t('shiftList.noMatchMessage')}
              action={
                <Button variant="outline" onClick={() => setFilters(NO_SHIFT_FILTERS)}>
                  {t('shiftList.clearFilters')}
                </Button>
              }
            />
          ) : null
        }
      >
        {() => (
          <>
            <ShiftTable shifts={shifts} onOpen={setOpen} />
            {list.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {list.isFetchingNextPage ? <Spinner /> : null}
                  {t('shiftList.loadMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </QueryStates>

      {open ? <ShiftDetailDialog shift={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
