import { ProductResponse, StyleCountResponse, type ProductWithVariants, type StyleCountRequest } from '@pos/core';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { productKeys } from './products.queries';

/** The calls of the variants' stock screens: one style with its variants, and a style's count. */
export const styleApi = {
  get: (id: number, signal?: AbortSignal) =>
    api.get(`/products/${id}`, { schema: ProductResponse, signal }).then((r) => r.product),
  /** All or nothing: 409 STOCK_CHANGED (`details.variantId`) when a variant moved since the count began. */
  count: (id: number, body: StyleCountRequest) =>
    api.post(`/products/${id}/stock-count`, body, { schema: StyleCountResponse }),
};

const detailQuery = (id: number) => ({
  queryKey: productKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => styleApi.get(id, signal),
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
    mutationFn: ({ id, body }: { id: number; body: StyleCountRequest }) => styleApi.count(id, body),
    onSuccess: ({ product }) => {
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
