import type { ProductWithVariants, StyleCountRequest } from '@pos/core';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { productKeys, productsApi } from './products.queries';

const detailQuery = (id: number) => ({
  queryKey: productKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => productsApi.detail(id, signal),
});

/**
 * A product with its variants (size × colour, each with its codes, stock and price). The stock dialogs
 * work on today's figures: a cached copy shows at once and is reloaded.
 */
export function useProductWithVariants(id: number, enabled = true) {
  return useQuery({ ...detailQuery(id), enabled, staleTime: 0 });
}

/** The chosen styles with their variants (the label screen loads only the styles it prints). */
export function useProductsWithVariants(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => detailQuery(id)),
    combine: (results) => {
      const byId = new Map<number, ProductWithVariants>();
      for (const result of results) if (result.data) byId.set(result.data.id, result.data);
      return {
        byId,
        isPending: results.some((r) => r.isPending),
        isError: results.some((r) => r.isError),
        refetch: () => results.filter((r) => r.isError).forEach((r) => void r.refetch()),
      };
    },
  });
}

/** Saves a style's count; the fresh style goes into the caches, and the lists and the history reload. */
export function useStyleCount() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StyleCountRequest }) => productsApi.countStyle(id, body),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      void queryClient.invalidateQueries({ queryKey: productKeys.stockMovements(product.id) });
      refresh();
    },
    // A variant moved meanwhile: the style and the lists show stale figures.
    onError: (error, { id }) => {
      if (error instanceof ApiError && error.code === 'STOCK_CHANGED') {
        void queryClient.invalidateQueries({ queryKey: productKeys.detail(id) });
        refresh();
      }
    },
  });
}
