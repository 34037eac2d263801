import {
  DeleteProductResponse,
  ProductCategoryNamesResponse,
  ProductResponse,
  ProductsResponse,
  StockMovementsResponse,
  StyleCountResponse,
  UpdateStockResponse,
  type Product,
  type ProductWithVariants,
  type StockAdjustment,
  type StyleCountRequest,
  type VariantGridRequest,
} from '@pos/core';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';

export interface ProductFilters {
  /** Name, SKU or barcode (the server matches case-insensitively). */
  search?: string;
  /** Category name; empty means all. */
  category?: string;
}

function normalizeFilters(filters: ProductFilters = {}): Required<ProductFilters> {
  return { search: filters.search?.trim() ?? '', category: filters.category ?? '' };
}

/**
 * Query keys of the products area: one per endpoint, shared by the products, barcodes and POS screens. The till's
 * list sits under the lists, so every product change refreshes it too.
 */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters = {}) => [...productKeys.lists(), normalizeFilters(filters)] as const,
  posList: () => [...productKeys.lists(), 'pos'] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  categoryNames: () => [...productKeys.all, 'category-names'] as const,
  stockMovements: (id: number) => [...productKeys.all, 'stock-movements', id] as const,
};

/** A page of stock history: this many movements at a time. */
export const STOCK_HISTORY_PAGE = 20;

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
  /** One product with its size × colour variants (the dialog's grid, the list's expanded row). */
  detail: (id: number, signal?: AbortSignal) =>
    api.get(`/products/${id}`, { schema: ProductResponse, signal }).then((r) => r.product),
  /** The whole grid's codes, prices and on/off (never stock). */
  writeVariants: (id: number, body: VariantGridRequest) =>
    api.put(`/products/${id}/variants`, body, { schema: ProductResponse }).then((r) => r.product),
  /** A style's count per variant, all or nothing (409 STOCK_CHANGED naming the variant that moved). */
  countStyle: (id: number, body: StyleCountRequest) =>
    api.post(`/products/${id}/stock-count`, body, { schema: StyleCountResponse }).then((r) => r.product),
  remove: (id: number) => api.delete(`/products/${id}`, { schema: DeleteProductResponse }),
  /** The checked stock adjustment: refused with 409 STOCK_CHANGED when the stock is no longer `expected`. */
  adjustStock: (id: number, body: StockAdjustment) =>
    api.patch(`/products/${id}/stock`, body, { schema: UpdateStockResponse }),
  stockMovements: (id: number, before: number | undefined, signal?: AbortSignal) => {
    const params = new URLSearchParams({ limit: String(STOCK_HISTORY_PAGE) });
    if (before !== undefined) params.set('before', String(before));
    return api.get(`/products/${id}/stock-movements?${params}`, { schema: StockMovementsResponse, signal });
  },
};

/** Products matching the filters; while new filters load, the previous rows stay on screen. */
export function useProducts(filters: ProductFilters = {}) {
  return useQuery({
    queryKey: productKeys.list(filters),
    queryFn: ({ signal }) => productsApi.list(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every product, unfiltered: the stat cards and the barcode screen's labels. */
export function useAllProducts() {
  return useQuery({ queryKey: productKeys.list(), queryFn: ({ signal }) => productsApi.list({}, signal) });
}

/** Active category names in display order (the filter buttons, the dialog's category select, the till's chips). */
export function useProductCategoryNames() {
  return useQuery({
    queryKey: productKeys.categoryNames(),
    queryFn: ({ signal }) => productsApi.categoryNames(signal),
  });
}

/** One product with its variants; `enabled` false waits (a new product has none yet). */
export function useProductDetail(id: number | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => productsApi.detail(id ?? 0, signal),
    enabled: id !== null,
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

/** Puts a product's fresh values into every cached list and its detail, so the screen shows them at once. */
function replaceCachedProduct(queryClient: QueryClient, product: Product): void {
  for (const [key, list] of queryClient.getQueriesData<Product[]>({ queryKey: productKeys.lists() })) {
    if (list)
      queryClient.setQueryData(
        key,
        list.map((p) => (p.id === product.id ? product : p)),
      );
  }
  queryClient.setQueryData(productKeys.detail(product.id), product);
}

export function useAdjustStock() {
  const queryClient = useQueryClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StockAdjustment }) => productsApi.adjustStock(id, body),
    onSuccess: ({ product }) => {
      replaceCachedProduct(queryClient, product);
      void queryClient.invalidateQueries({ queryKey: productKeys.stockMovements(product.id) });
      refresh();
    },
    // Refused because the stock moved: the lists show the stale value, so reload them.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'STOCK_CHANGED') refresh();
    },
  });
}

/** The product dialog's grid: its codes, prices and on/off, then (if any changed) its counts. */
export function useSaveVariantGrid() {
  const queryClient = useQueryClient();
  const refresh = useRefreshLists();
  const saved = (product: ProductWithVariants) => {
    queryClient.setQueryData(productKeys.detail(product.id), product);
    refresh();
  };
  return {
    writeVariants: useMutation({
      mutationFn: ({ id, body }: { id: number; body: VariantGridRequest }) => productsApi.writeVariants(id, body),
      onSuccess: saved,
    }),
    countStyle: useMutation({
      mutationFn: ({ id, body }: { id: number; body: StyleCountRequest }) => productsApi.countStyle(id, body),
      onSuccess: (product) => {
        saved(product);
        void queryClient.invalidateQueries({ queryKey: productKeys.stockMovements(product.id) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'STOCK_CHANGED') refresh();
      },
    }),
  };
}

/** A product's stock history, newest first, loading older pages on demand. */
export function useStockMovements(id: number) {
  return useInfiniteQuery({
    queryKey: productKeys.stockMovements(id),
    queryFn: ({ pageParam, signal }) => productsApi.stockMovements(id, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
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
