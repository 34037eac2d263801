import {
  DeleteProductResponse,
  ProductCategoryNamesResponse,
  ProductResponse,
  ProductsResponse,
  type Product,
} from '@pos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface ProductFilters {
  /** Name, SKU or barcode (the server matches case-insensitively). */
  search?: string;
  /** Category name; empty means all. */
  category?: string;
}

function normalizeFilters(filters: ProductFilters = {}): Required<ProductFilters> {
  return { search: filters.search?.trim() ?? '', category: filters.category ?? '' };
}

/** Query keys of the products area (the barcode screen shares the product list). */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters = {}) => [...productKeys.lists(), normalizeFilters(filters)] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  categoryNames: () => [...productKeys.all, 'category-names'] as const,
};

function listQuery(filters: ProductFilters): string {
  const { search, category } = normalizeFilters(filters);
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (category) params.set('category', category);
  const query = params.toString();
  return query ? `/products?${query}` : '/products';
}

/** The calls of /api/products (spec 001 §7), typed by the core schemas. */
export const productsApi = {
  list: (filters: ProductFilters = {}, signal?: AbortSignal) =>
    api.get(listQuery(filters), { schema: ProductsResponse, signal }).then((r) => r.products),
  categoryNames: (signal?: AbortSignal) =>
    api.get('/products/categories/list', { schema: ProductCategoryNamesResponse, signal }).then((r) => r.categories),
  /** The product dialog's multipart form (see product-form.ts). */
  create: (form: FormData) => api.post('/products', form, { schema: ProductResponse }).then((r) => r.product),
  update: (id: number, form: FormData) =>
    api.put(`/products/${id}`, form, { schema: ProductResponse }).then((r) => r.product),
  remove: (id: number) => api.delete(`/products/${id}`, { schema: DeleteProductResponse }),
};

/** Products matching the filters; while new filters load, the previous rows stay on screen. */
export function useProducts(filters: ProductFilters = {}) {
  return useQuery({
    queryKey: productKeys.list(filters),
    queryFn: ({ signal }) => productsApi.list(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every product, unfiltered: the stat cards and the barcode screen. */
export function useAllProducts() {
  return useQuery({ queryKey: productKeys.list(), queryFn: ({ signal }) => productsApi.list({}, signal) });
}

/** Active category names in display order (the filter buttons and the dialog's category select). */
export function useProductCategoryNames() {
  return useQuery({
    queryKey: productKeys.categoryNames(),
    queryFn: ({ signal }) => productsApi.categoryNames(signal),
  });
}

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
}

export function useCreateProduct() {
  const refresh = useRefreshLists();
  return useMutation({ mutationFn: (form: FormData) => productsApi.create(form), onSuccess: refresh });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: FormData }) => productsApi.update(id, form),
    onSuccess: (product: Product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      refresh();
    },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: number) => productsApi.remove(id),
    onSuccess: (_result, id) => {
      for (const [key, list] of queryClient.getQueriesData<Product[]>({ queryKey: productKeys.lists() })) {
        if (list)
          queryClient.setQueryData(
            key,
            list.filter((p) => p.id !== id),
          );
      }
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      refresh();
    },
  });
}
