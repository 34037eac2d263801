import {
  CSV_BOM,
  IDEMPOTENCY_HEADER,
  RefundSaleResponse,
  SalesListResponse,
  type RefundSaleRequest,
  type Sale,
  type SalesCsvLayout,
} from '@pos/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, CLIENT_ERROR_CODES } from '../../lib/api';
import { keptHistoryPage, type HistoryPage } from '../offline/kept-copy';
import { useOfflineRefunder } from '../offline/use-offline-refunder';
import { customerKeys } from '../customers/customers.queries';
import { saleKeys } from '../pos/pos.queries';
import { productKeys } from '../products/products.queries';
import { readChosenTillId } from '../shifts/till-choice';
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

/** A refund names this browser's till (issue 35: cash back is tied to its shift), when one is chosen. */
function withTill(body: RefundSaleRequest): RefundSaleRequest {
  const tillId = body.tillId ?? readChosenTillId();
  return tillId === null ? body : { ...body, tillId };
}

export const historyApi = {
  page: (filters: SalesFilters, cursor: string | null, limit = HISTORY_PAGE_SIZE, signal?: AbortSignal) =>
    api.get(listPath(filters, limit, cursor), { schema: SalesListResponse, signal }),
  refund: (saleId: number, body: RefundSaleRequest, idempotencyKey: string) =>
    api.post(`/sales/${saleId}/refund`, withTill(body), {
      schema: RefundSaleResponse,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
};

/** A whole export may take minutes on a large shop: the server writes it as it reads. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/**
 * Every sale matching the filters as the server's CSV (`GET /api/sales/export.csv`), and how many rows
 * it holds: `history` the sales history's columns, `report` the reports' (the reports and dashboard
 * exports). Reading it as text drops the byte-order mark, so it is put back.
 */
export async function fetchSalesCsv(
  filters: DayRange & { search?: string; tillId?: number | null },
  layout: SalesCsvLayout,
): Promise<{ text: string; rows: number }> {
  const params = new URLSearchParams({ layout });
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.search?.trim()) params.set('search', filters.search.trim());
  if (filters.tillId) params.set('tillId', String(filters.tillId));
  const body = await api.get(`/sales/export.csv?${params.toString()}`, { timeoutMs: EXPORT_TIMEOUT_MS });
  const text = typeof body === 'string' ? body : '';
  const csv = text.startsWith(CSV_BOM) ? text : `${CSV_BOM}${text}`;
  // One line a sale after the header; no cell of these exports holds a line break.
  const rows = Math.max(0, csv.split('\r\n').filter((line) => line !== '').length - 1);
  return { text: csv, rows };
}

/** The history's pages; without the network, the first is the till's kept sales (`kept` on the page says so). */
export function useSalesHistory(filters: SalesFilters) {
  return useInfiniteQuery({
    queryKey: historyKeys.list(filters),
    queryFn: ({ pageParam, signal }): Promise<HistoryPage> =>
      keptHistoryPage(filters, pageParam === null, () =>
        historyApi.page(filters, pageParam, HISTORY_PAGE_SIZE, signal),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Tried even offline: the first page then comes from the till's kept sales.
    networkMode: 'offlineFirst',
  });
}

/** A refund's answer; `offline` when it was kept on this device to be sent later. */
export type RefundResult = RefundSaleResponse & { offline?: true };

/** Whether a refund that failed this way may be made offline instead: the server could not be reached. */
const unreachable = (error: unknown) =>
  error instanceof ApiError && error.status === 0 && error.code !== CLIENT_ERROR_CODES.aborted;

/**
 * Refunds a sale (whole, chosen lines, or for an edit). The server returns stock and points;
 * the browser reloads what they touch and never works them out. Without the network, a sale this till keeps
 * (and one it made offline, not sent yet) is refunded on the device and sent later (issue 38).
 */
export function useRefundSale() {
  const queryClient = useQueryClient();
  const refundOffline = useOfflineRefunder();
  return useMutation({
    // Never paused offline: without the network the refund is made on the device.
    networkMode: 'always',
    mutationFn: async ({
      sale,
      body,
      idempotencyKey,
    }: {
      sale: Sale;
      body: RefundSaleRequest;
      idempotencyKey: string;
    }): Promise<RefundResult> => {
      // A sale made offline has no id on the server yet: its refund waits in the outbox behind it.
      const offlineFirst = refundOffline !== null && (sale.id === 0 || !navigator.onLine);
      if (!offlineFirst) {
        try {
          return await historyApi.refund(sale.id, body, idempotencyKey);
        } catch (error) {
          if (!refundOffline || !unreachable(error)) throw error;
        }
      }
      return { ...(await refundOffline!(sale, withTill(body))), offline: true };
    },
    onSuccess: (result) => {
      if (!result.offline) queryClient.setQueryData(saleKeys.detail(result.sale.id), result.sale);
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
