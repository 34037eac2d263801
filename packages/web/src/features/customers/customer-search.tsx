import { customerMatchesSearch, type Customer } from '@pos/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { EmptyState } from '../../components/ui/states';
import { useI18n, useT } from '../../i18n';

/**
 * The search of both customer screens (customers and customer history): the text
 * typed, the term it settles on, and the customers that match it.
 */
export function useCustomerSearch(all: readonly Customer[]) {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const shown = useMemo(() => (term ? all.filter((c) => customerMatchesSearch(c, term)) : all), [all, term]);
  return { search, setSearch, term, shown };
}

/** The customer search box; `result` (set while a search narrows a loaded list) adds "found N of M". */
export function CustomerSearchBox({
  id,
  value,
  onValueChange,
  result,
}: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  result: { shown: number; total: number } | null;
}) {
  const { t, intlLocale } = useI18n();
  return (
    <SearchInput
      id={id}
      className="mb-4"
      label={t('customers.searchLabel')}
      placeholder={t('customers.searchPlaceholder')}
      value={value}
      onValueChange={onValueChange}
      status={
        result && result.total > 0
          ? t('customers.searchResult', {
              shown: result.shown.toLocaleString(intlLocale),
              total: result.total.toLocaleString(intlLocale),
            })
          : null
      }
    />
  );
}

/** No customer matches the search: says so and offers to clear it. */
export function CustomerNoMatch({ term, onClear }: { term: string; onClear: () => void }) {
  const t = useT();
  return (
    <EmptyState
      title={t('customers.noMatchTitle', { term })}
      message={t('customers.noMatchMessage')}
      action={
        <Button variant="outline" onClick={onClear}>
          {t('customers.clearSearch')}
        </Button>
      }
    />
  );
}
