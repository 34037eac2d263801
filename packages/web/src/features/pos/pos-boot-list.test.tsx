import { posProductsToColumns, type PosProduct } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEarlyGet } from '../../lib/early-get';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { POS_LOAD_PATHS } from './pos-load';

const SHIRT: PosProduct = {
  id: 1,
  name: 'เสื้อยืด',
  sku: 'TS-001',
  barcode: '8850000000011',
  category: 'เสื้อผ้า',
  price: 25_000,
  original_price: null,
  stock: 10,
  image_url: null,
  sizes: [],
  colors: [],
  unassigned_stock: 0,
  variants: [{ id: 11, size: null, color: null, sku: 'TS-001', barcode: '8850000000011', stock: 10, price: null }],
};

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** A fresh pos.queries module (its boot list is taken once per page) and a query cache. */
async function setUp() {
  vi.resetModules();
  const { usePosProducts } = await import('./pos.queries');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { usePosProducts, wrapper, queryClient };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
  delete window.__posEarlyGets;
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
  delete window.__posEarlyGets;
});

describe("the till's list on a cold load", () => {
  it('is there at the first render when the boot read is already in: no skeleton, no second read', async () => {
    fetchMock.mockImplementation(() => answer(200, { columns: posProductsToColumns([SHIRT]) }));
    startEarlyGet(POS_LOAD_PATHS.products, 'tok-1');
    await waitFor(() => expect(window.__posEarlyGets?.get(POS_LOAD_PATHS.products)?.ready).toBeTruthy());
    const { usePosProducts, wrapper, queryClient } = await setUp();

    const { result } = renderHook(usePosProducts, { wrapper });
    expect(result.current.isPending).toBe(false);
    expect(result.current.data).toEqual([SHIRT]);
    // A read on mount would have started by now (the hook's effects ran): wait until none is under way.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is read by the query as before when the boot read is not in yet', async () => {
    let arrive: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (arrive = resolve)));
    startEarlyGet(POS_LOAD_PATHS.products, 'tok-1');
    const { usePosProducts, wrapper } = await setUp();

    const { result } = renderHook(usePosProducts, { wrapper });
    expect(result.current.isPending).toBe(true);
    arrive(new Response(JSON.stringify({ columns: posProductsToColumns([SHIRT]) }), { status: 200 }));
    await waitFor(() => expect(result.current.data).toEqual([SHIRT]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves a refused boot read to the query, which reports it', async () => {
    fetchMock.mockImplementation(() => answer(500, { error: 'พัง', code: 'INTERNAL_ERROR' }));
    startEarlyGet(POS_LOAD_PATHS.products, 'tok-1');
    await waitFor(() => expect(window.__posEarlyGets?.get(POS_LOAD_PATHS.products)?.ready).toBeTruthy());
    const { usePosProducts, wrapper } = await setUp();

    const { result } = renderHook(usePosProducts, { wrapper });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    // The boot read's answer, not a second request.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks afresh when the boot read does not have the till’s shape', async () => {
    fetchMock
      .mockImplementationOnce(() => answer(200, { columns: { id: [1] } }))
      .mockImplementationOnce(() => answer(200, { columns: posProductsToColumns([SHIRT]) }));
    startEarlyGet(POS_LOAD_PATHS.products, 'tok-1');
    await waitFor(() => expect(window.__posEarlyGets?.get(POS_LOAD_PATHS.products)?.ready).toBeTruthy());
    const { usePosProducts, wrapper } = await setUp();

    const { result } = renderHook(usePosProducts, { wrapper });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual([SHIRT]));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
