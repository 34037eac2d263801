import { ChevronDown } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { QueryStates } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/states';
import { Thumbnail } from '../../components/ui/thumbnail';
import { useT } from '../../i18n';
import { errorDetail, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useStorageResources } from './storage.queries';
import { formatSize } from './format-size';

/** The file name of a public id or key: its last segment. */
export function fileNameOf(publicId: string): string {
  return publicId.split('/').filter(Boolean).pop() ?? publicId;
}

/** Image files (spec 001): the latest 20, their totals, and "load more" for the next page. */
export function FilesTab() {
  const t = useT();
  const resources = useStorageResources();
  const pages = resources.data?.pages;
  const first = pages?.[0];
  const files = pages?.flatMap((page) => page.resources) ?? [];
  return (
    <QueryStates
      // A failed "load more" keeps the pages already shown (it is told in a toast).
      query={{
        ...resources,
        isError: resources.isError && !resources.isFetchNextPageError,
        data: first === undefined ? undefined : files,
      }}
      loading={
        <div className="grid gap-2" aria-hidden>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      }
      errorTitle={t('storage.files.loadError')}
      errorMessage={errorDetail(resources.error)}
      empty={<EmptyState title={t('storage.files.emptyTitle')} message={t('storage.files.emptyMessage')} />}
    >
      {(list) => (
        <div className="space-y-3">
          <p className="text-sm text-slate-700 tabular-nums">
            {t('storage.files.total', { count: first?.totalCount ?? 0, size: formatSize(first?.totalSizeMB ?? 0) })}
            {' · '}
            {t('storage.files.shown', { shown: list.length, count: first?.totalCount ?? 0 })}
          </p>
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            data-testid="storage-files"
          >
            {list.map((file) => {
              const name = fileNameOf(file.publicId);
              return (
                <li key={file.publicId} className="flex items-center gap-3 p-3">
                  <Thumbnail src={file.url} alt={name} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-all text-slate-900">{name}</p>
                    <p className="text-sm text-slate-600 tabular-nums">
                      {file.width !== null && file.height !== null
                        ? `${t('storage.files.dimensions', { width: file.width, height: file.height })} · `
                        : ''}
                      {file.format.toUpperCase()} · {t('storage.files.size', { size: formatSize(file.sizeMB) })}
                    </p>
                    <p className="text-xs text-slate-500">{formatDateTime(file.createdAt)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          {resources.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  void resources.fetchNextPage().then((result) => {
                    if (result.isFetchNextPageError) {
                      toast.error(t('common.error'), {
                        description: errorMessage(result.error, t('storage.files.loadError')),
                      });
                    }
                  })
                }
                disabled={resources.isFetchingNextPage}
              >
                <ChevronDown aria-hidden />
                {t('storage.files.loadMore')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </QueryStates>
  );
}
