import {
  CustomerResponse,
  DeleteCustomerResponse,
  type CreateCustomerRequest,
  type Customer,
  type UpdateCustomerRequest,
} from '@pos/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { readCustomersPayload, readSalesPayload } from './customers-payload';
import { keptCopy } from '../offline/kept-copy';

/** Query keys of the customers area: one per endpoint, shared by the till, the customers and the history screens. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (search: string) => [...customerKeys.lists(), { search }] as const,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
  histories: () => [...customerKeys.all, 'history'] as const,
  history: (id: number) => [...customerKeys.histories(), id] as const,
};

/** The calls of /api/customers (spec 001 §7), typed by the core schemas. */
export const customersApi = {
  list: (search = '', signal?: AbortSignal) =>
    api
      .get<unknown>(`/customers${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`, { signal })
      .then(readCustomersPayload),
  get: (id: number, signal?: AbortSignal) =>
    api.get(`/customers/${id}`, { schema: CustomerResponse, signal }).then((r) => r.customer),
  create: (body: CreateCustomerRequest) =>
    api.post('/customers', body, { schema: CustomerResponse }).then((r) => r.customer),
  update: (id: number, body: UpdateCustomerRequest) =>
    api.put(`/customers/${id}`, body, { schema: CustomerResponse }).then((r) => r.customer),
  remove: (id: number) => api.delete(`/customers/${id}`, { schema: DeleteCustomerResponse }),
  history: (id: number, signal?: AbortSignal) =>
    api.get<unknown>(`/customers/${id}/history`, { signal }).then(readSalesPayload),
};

/** Every live customer, or those matching `search` on the server (the POS customer picker). */
export function useCustomers(search = '') {
  return useQuery({
    queryKey: customerKeys.list(search.trim()),
    // The whole list (the till's) falls back on the copy kept for selling offline (issue 38).
    queryFn: ({ signal }) =>
      search.trim() === ''
        ? keptCopy.customers(() => customersApi.list('', signal))
        : customersApi.list(search, signal),
    networkMode: search.trim() === '' ? 'offlineFirst' : 'online',
  });
}

/** Puts a saved customer into every cached list at once; the refetch that follows settles order and filters. */
function storeCustomer(queryClient: QueryClient, customer: Customer, isNew: boolean): void {
  queryClient.setQueriesData<Customer[]>({ queryKey: customerKeys.lists() }, (list) => {
    if (!list) return list;
    if (isNew) return [customer, ...list.filter((c) => c.id !== customer.id)];
    return list.map((c) => (c.id === customer.id ? customer : c));
  });
  queryClient.setQueryData(customerKeys.detail(customer.id), customer);
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCustomerRequest) => customersApi.create(body),
    onSuccess: (customer) => {
      storeCustomer(queryClient, customer, true);
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCustomerRequest }) => customersApi.update(id, body),
    onSuccess: (customer) => {
      storeCustomer(queryClient, customer, false);
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => customersApi.remove(id),
    onSuccess: (_result, id) => {
      queryClient.setQueriesData<Customer[]>({ queryKey: customerKeys.lists() }, (list) =>
        list?.filter((c) => c.id !== id),
      );
      queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
      queryClient.removeQueries({ queryKey: customerKeys.history(id) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
