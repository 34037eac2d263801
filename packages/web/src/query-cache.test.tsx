import { posProductsToColumns } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAllProducts, useProductCategoryNames, useProducts } from './features/products/products.queries';
import { useCustomers } from './features/customers/customers.queries';
import { useHistoryCustomers } from './features/customer-history/customer-history.queries';
import { usePosProducts } from './features/pos/pos.queries';
import { STORAGE_KEYS } from './lib/storage-keys';

const ANSWERS: Readonly<Record<string, unknown>> = {
  '/api/products': { products: [] },
  '/api/products/pos': { columns: posProductsToColumns([]) },
  '/api/products/categories/list': { categories: ['เสื้อ'] },
  '/api/customers': { customers: [] },
};
const fetchMock = vi.fn<typeof fetch>((url) =>
  Promise.resolve(new Response(JSON.stringify(ANSWERS[String(url)] ?? {}), { status: 200 })),
);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
});

afterEach(() => {
  cleanup();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Every read the till and the back-office screens make of the shared endpoints, as each screen makes it. */
function useEveryScreensReads() {
  return [
    useAllProducts(), // products' stat cards, barcodes' labels
    useProducts({}),
    useProductCategoryNames(), // products' filters, the till's chips
    usePosProducts(),
    useCustomers(),
    useHistoryCustomers(),
  ];
}

describe('the query cache', () => {
  it('holds one entry per endpoint: screens sharing an answer read it once, under one key', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(useEveryScreensReads, { wrapper });
    await waitFor(() => expect(result.current.every((query) => query.isSuccess)).toBe(true));

    const fetched = fetchMock.mock.calls.map(([url]) => String(url)).sort();
    expect(fetched).toEqual(Object.keys(ANSWERS).sort());
    expect(queryClient.getQueryCache().getAll()).toHaveLength(Object.keys(ANSWERS).length);
  });
});
