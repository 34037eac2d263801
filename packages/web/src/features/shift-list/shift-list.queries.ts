import { CSV_BOM, ShiftsResponse } from '@pos/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { shiftQuery, type ShiftFilters } from './shift-filters';

/** Shifts per page: "load more" asks for the next ones older than the last shown. */
export const SHIFT_PAGE_SIZE = 50;

export const shiftListKeys = {
  all: ['shift-list'] as const,
  list: (filters: ShiftFilters) => [...shiftListKeys.all, 'list', filters] as const,
};

export const shiftListApi = {
  page: (filters: ShiftFilters, before: number | null, signal?: AbortSignal) =>
    api.get(`/shifts?${shiftQuery(filters, { limit: SHIFT_PAGE_SIZE, before })}`, { schema: ShiftsResponse, signal }),
};

/** Managers' shifts, newest first, a page at a time (`before` = the last id of the page before). */
export function useShiftList(filters: ShiftFilters) {
  return useInfiniteQuery({
    queryKey: shiftListKeys.list(filters),
    queryFn: ({ pageParam, signal }) => shiftListApi.page(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.hasMore ? (last.shifts.at(-1)?.id ?? null) : null),
  });
}

/** A long export may take a while: the server writes it as it reads. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/**
 * The shifts matching the filters as the server's CSV (`GET /api/shifts/export.csv`) and how many rows it holds.
 * Reading it as text drops the byte-order mark, so it is put back (Excel reads Thai by it).
 */
export async function fetchShiftsCsv(filters: ShiftFilters): Promise<{ text: string; rows: number }> {
  const query = shiftQuery(filters);
  const body = await api.get(`/shifts/export.csv${query ? `?${query}` : ''}`, { timeoutMs: EXPORT_TIMEOUT_MS });
  const text = typeof body === 'string' ? body : '';
  const csv = text.startsWith(CSV_BOM) ? text : `${CSV_BOM}${text}`;
  // One line a shift after the header (a close note's line breaks are quoted, so count records, not lines).
  const rows = Math.max(0, csvRecordCount(csv) - 1);
  return { text: csv, rows };
}

/** Records in a CSV text: line breaks outside quotes, plus a last line without one. */
export function csvRecordCount(csv: string): number {
  let records = 0;
  let quoted = false;
  let content = false;
  for (const ch of csv.startsWith(CSV_BOM) ? csv.slice(CSV_BOM.length) : csv) {
    if (ch === '"') quoted = !quoted;
    if (ch === '\n' && !quoted) {
      if (content) records += 1;
      content = false;
    } else if (ch !== '\r') {
      content = true;
    }
  }
  return records + (content ? 1 : 0);
}
