import { useQuery } from '@tanstack/react-query';
import { retryOnlyWhenBusy } from '../../lib/query-retry';
import { getToken } from '../../lib/session';
import { customerKeys, customersApi } from '../customers/customers.queries';
import { MissingTokenError } from './history-errors';

/** Spec 001 §5: the screen checks the stored token before it asks the server. */
function requireToken(): void {
  if (!getToken()) throw new MissingTokenError();
}

/** The customer-history screen's loads: the customers feature's calls and cache entries, token checked first. */
export const customerHistoryApi = {
  customers: async (signal?: AbortSignal) => {
    requireToken();
    return customersApi.list('', signal);
  },
  sales: async (customerId: number, signal?: AbortSignal) => {
    requireToken();
    return customersApi.history(customerId, signal);
  },
};

/** Errors are shown, not retried silently three times: the debug panel reports each load as it happened. */
export function useHistoryCustomers() {
  return useQuery({
    queryKey: customerKeys.list(''),
    queryFn: ({ signal }) => customerHistoryApi.customers(signal),
    retry: retryOnlyWhenBusy,
  });
}

export function useCustomerSales(customerId: number | null) {
  return useQuery({
    queryKey: customerKeys.history(customerId ?? 0),
    queryFn: ({ signal }) => customerHistoryApi.sales(customerId ?? 0, signal),
    enabled: customerId !== null,
    retry: retryOnlyWhenBusy,
  });
}
