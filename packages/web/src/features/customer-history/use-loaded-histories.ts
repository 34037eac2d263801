import type { CustomerSale } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { customerKeys } from '../customers/customers.queries';

/** How many customers' purchase lists are in the cache, and how many sales they hold (for the debug panel). */
export function useLoadedHistories(): { customers: number; sales: number } {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => {
      let customers = 0;
      let sales = 0;
      for (const [, data] of queryClient.getQueriesData<CustomerSale[]>({ queryKey: customerKeys.histories() })) {
        if (!data) continue;
        customers += 1;
        sales += data.length;
      }
      return `${customers}:${sales}`;
    },
  );
  const [customers = 0, sales = 0] = snapshot.split(':').map(Number);
  return { customers, sales };
}
