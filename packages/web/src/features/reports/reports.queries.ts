import {
  CSV_BOM,
  DashboardResponse,
  SalesSummaryResponse,
  VariantReportResponse,
  VatSummaryResponse,
  type DashboardPeriod,
} from '@pos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { productKeys, productsApi } from '../products/products.queries';
import { retryOnlyWhenBusy } from '../../lib/query-retry';
import type { DayRange } from '../../lib/date-keys';

/** What the dashboard asks for: a named period, or a custom range of days (end included). */
export interface DashboardParams {
  period: DashboardPeriod;
  custom: DayRange | null;
  /** One till's figures (issue 35); null or left out: the whole shop's. */
  tillId?: number | null;
}

/** A range of days, and the till whose sales it covers (null: the whole shop). */
export type ReportRange = DayRange & { tillId?: number | null };

const tillParam = (tillId: number | null | undefined): Record<string, string> =>
  tillId ? { tillId: String(tillId) } : {};

/** Query keys of the reports area (reports screen and dashboard share them, so "refresh" reloads both). */
export const reportKeys = {
  all: ['reports'] as const,
  summary: (range: ReportRange) =>
    [...reportKeys.all, 'summary', range.startDate, range.endDate, range.tillId ?? null] as const,
  dashboard: ({ period, custom, tillId }: DashboardParams) =>
    [
      ...reportKeys.all,
      'dashboard',
      period,
      custom?.startDate ?? null,
      custom?.endDate ?? null,
      tillId ?? null,
    ] as const,
  vat: (startMonth: string, endMonth: string) => [...reportKeys.all, 'vat', startMonth, endMonth] as const,
  variants: (productId: number, range: DayRange) =>
    [...reportKeys.all, 'variants', productId, range.startDate, range.endDate] as const,
};

/** The calls of /api/sales/stats: every figure is the server's (issue 15). */
export const reportsApi = {
  summary: ({ startDate, endDate, tillId }: ReportRange, signal?: AbortSignal) =>
    api.get(`/sales/stats/summary?${new URLSearchParams({ startDate, endDate, ...tillParam(tillId) }).toString()}`, {
      schema: SalesSummaryResponse,
      signal,
    }),
  dashboard: ({ period, custom, tillId }: DashboardParams, signal?: AbortSignal) => {
    const params = new URLSearchParams({ period, ...tillParam(tillId) });
    if (period === 'custom' && custom) {
      params.set('startDate', custom.startDate);
      params.set('endDate', custom.endDate);
    }
    return api.get(`/sales/stats/dashboard?${params.toString()}`, { schema: DashboardResponse, signal });
  },
  vat: (startMonth: string, endMonth: string, signal?: AbortSignal) =>
    api.get(`/sales/stats/vat?${new URLSearchParams({ startMonth, endMonth }).toString()}`, {
      schema: VatSummaryResponse,
      signal,
    }),
  /** One style's sales by size, colour and variant over the range (issue 34). */
  variants: (productId: number, range: DayRange, signal?: AbortSignal) =>
    api.get(`/reports/products/${productId}/variants?${new URLSearchParams({ ...range }).toString()}`, {
      schema: VariantReportResponse,
      signal,
    }),
  /** The server's CSV of the VAT summary; reading it as text drops the byte-order mark, so it is put back. */
  vatCsv: async (startMonth: string, endMonth: string): Promise<string> => {
    const body = await api.get(`/sales/stats/vat.csv?${new URLSearchParams({ startMonth, endMonth }).toString()}`);
    const text = typeof body === 'string' ? body : '';
    return text.startsWith(CSV_BOM) ? text : `${CSV_BOM}${text}`;
  },
};

/** Errors show at once with a retry button (the screens' error state), not after three silent retries. */
export function useSalesSummary(range: ReportRange) {
  return useQuery({
    queryKey: reportKeys.summary(range),
    queryFn: ({ signal }) => reportsApi.summary(range, signal),
    placeholderData: keepPreviousData,
    retry: retryOnlyWhenBusy,
  });
}

export function useDashboard(params: DashboardParams, enabled = true) {
  return useQuery({
    queryKey: reportKeys.dashboard(params),
    queryFn: ({ signal }) => reportsApi.dashboard(params, signal),
    placeholderData: keepPreviousData,
    enabled,
    retry: retryOnlyWhenBusy,
  });
}

export function useVatSummary(startMonth: string, endMonth: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.vat(startMonth, endMonth),
    queryFn: ({ signal }) => reportsApi.vat(startMonth, endMonth, signal),
    placeholderData: keepPreviousData,
    enabled,
    retry: retryOnlyWhenBusy,
  });
}

/** A style's variant report while its dialog is open (`productId` null: closed). */
export function useVariantReport(productId: number | null, range: DayRange) {
  return useQuery({
    queryKey: reportKeys.variants(productId ?? 0, range),
    queryFn: ({ signal }) => reportsApi.variants(productId ?? 0, range, signal),
    enabled: productId !== null,
    retry: retryOnlyWhenBusy,
  });
}

/** Products matching a search, for opening one's variant report; nothing asked while the search is empty. */
export function useReportProductSearch(search: string) {
  return useQuery({
    queryKey: productKeys.list({ search }),
    queryFn: ({ signal }) => productsApi.list({ search }, signal),
    enabled: search !== '',
    placeholderData: keepPreviousData,
    retry: retryOnlyWhenBusy,
  });
}
