import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { getToken } from '../../lib/session';
import { customerKeys } from '../customers/customers.queries';
import { MissingTokenError, readCustomersPayload, readSalesPayload } from './history-errors';

/** The loads of the customer-history screen: token checked first, answers read in every shape the spec allows. */
export const customerHistoryApi = {
  customers: async (signal?: AbortSignal) => {
    if (!getToken()) throw new MissingTokenError();
    return readCustomersPayload(await api.get<unknown>('/customers', { signal }));
  },
  sales: async (customerId: number, signal?: AbortSignal) => {
    if (!getToken()) throw new MissingTokenError();
    return readSalesPayload(await api.get<unknown>(`/customers/${customerId}/history`, { signal }));
  },
};

/** Errors are shown, not retried silently three times: the debug panel reports each load as it happened. */
export function useHistoryCustomers() {
  return useQuery({
    queryKey: customerKeys.historyScreen(),
    queryFn: ({ signal }) => customerHistoryApi.customers(signal),
    retry: false,
  });
}

export function useCustomerSales(customerId: number | null) {
  return useQuery({
    queryKey: customerKeys.history(customerId ?? 0),
    queryFn: ({ signal }) => customerHistoryApi.sales(customerId ?? 0, signal),
    enabled: customerId !== null,
    retry: false,
  });
}
