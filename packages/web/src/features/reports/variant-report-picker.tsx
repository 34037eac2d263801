import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { SearchInput } from '../../components/ui/search-input';
import { Skeleton } from '../../components/ui/skeleton';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useReportProductSearch } from './reports.queries';
import type { VariantReportTarget } from './variant-report-dialog';

const SEARCH_DEBOUNCE_MS = 250;
/** Matches listed at once: enough to pick from while typing. */
const PICKER_MATCHES = 8;

/**
 * Any product's variant report, sold in the period or not: a style that sells nothing is where sell-through
 * matters most, and the best sellers never list it.
 */
export function VariantReportPicker({ onOpen }: { onOpen: (target: VariantReportTarget) => void }) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const found = useReportProductSearch(search);
  const matches = found.data?.slice(0, PICKER_MATCHES) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('reports.pickerTitle')}</CardTitle>
        <CardDescription>{t('reports.pickerSubtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <SearchInput
          id="variant-report-search"
          label={t('reports.pickerSearch')}
          placeholder={t('reports.pickerSearch')}
          value={text}
          onValueChange={setText}
          className="max-w-md"
        />
        {search === '' ? null : found.isPending ? (
          <LoadingState>
            <Skeleton className="h-24 w-full max-w-md" />
          </LoadingState>
        ) : found.isError ? (
          <ErrorState
            title={t('reports.pickerError')}
            message={errorMessage(found.error, t('reports.loadError'))}
            onRetry={() => void found.refetch()}
            retrying={found.isFetching}
          />
        ) : matches.length === 0 ? (
          <p className="text-sm text-slate-600" role="status">
            {t('reports.pickerNone', { search })}
          </p>
        ) : (
          <ul className="max-w-md divide-y divide-slate-100" aria-label={t('reports.pickerResults')}>
            {matches.map((product) => (
              <li key={product.id}>
                <button
                  type="button"
                  className="flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-lg px-1 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
                  onClick={() => onOpen({ productId: product.id, name: product.name })}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words text-slate-900">{product.name}</span>
                    <span className="block text-sm text-slate-600">{product.sku}</span>
                  </span>
                  <span className="sr-only">{t('reports.bestSellerOpen')}</span>
                  <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
