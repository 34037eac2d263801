import {
  IDEMPOTENCY_HEADER,
  RefundSaleResponse,
  SALES_LIST_LIMIT_MAX,
  SalesListResponse,
  type RefundSaleRequest,
  type Sale,
} from '@pos/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { customerKeys } from '../customers/customers.queries';
import { saleKeys } from '../pos/pos.queries';
import { productKeys } from '../products/products.queries';
import type { DayRange } from './date-ranges';

/** What the screen narrows the list by: the shop's days (end included) and the search text. */
export interface SalesFilters extends DayRange {
  search: string;
}

/** Rows per page: the table stays quick to draw; "load more" follows the cursor. */
export const HISTORY_PAGE_SIZE = 50;

export const historyKeys = {
  list: (filters: SalesFilters) => [...saleKeys.all, 'history', filters] as const,
};

function listPath(filters: SalesFilters, limit: number, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (cursor) params.set('cursor', cursor);
  return `/sales?${params.toString()}`;
}

export const historyApi = {
  page: (filters: SalesFilters, cursor: string | null, limit = HISTORY_PAGE_SIZE, signal?: AbortSignal) =>
    api.get(listPath(filters, limit, cursor), { schema: SalesListResponse, signal }),
  refund: (saleId: number, body: RefundSaleRequest, idempotencyKey: string) =>
    api.post(`/sales/${saleId}/refund`, body, {
      schema: RefundSaleResponse,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
};

/**
 * Every sale matching the filters, following the cursor in the largest pages the API allows: an
 * export must not stop at the first page. The one paging reader of the sales list (the sales history
 * export, and the reports and dashboard exports through it).
 */
export async function fetchAllSales(filters: DayRange & { search?: string }, signal?: AbortSignal): Promise<Sale[]> {
  const all: Sale[] = [];
  let cursor: string | null = null;
  do {
    const page: SalesListResponse = await historyApi.page(
      { search: '', ...filters },
      cursor,
      SALES_LIST_LIMIT_MAX,
      signal,
    );
    all.push(...page.sales);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

export function useSalesHistory(filters: SalesFilters) {
  return useInfiniteQuery({
    queryKey: historyKeys.list(filters),
    queryFn: ({ pageParam, signal }) => historyApi.page(filters, pageParam, HISTORY_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * Refunds a sale (whole, chosen lines, or for an edit). The server returns stock and points;
 * the browser reloads what they touch and never works them out.
 */
export function useRefundSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      saleId,
      body,
      idempotencyKey,
    }: {
      saleId: number;
      body: RefundSaleRequest;
      idempotencyKey: string;
    }) => historyApi.refund(saleId, body, idempotencyKey),
    onSuccess: (result) => {
      queryClient.setQueryData(saleKeys.detail(result.sale.id), result.sale);
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
