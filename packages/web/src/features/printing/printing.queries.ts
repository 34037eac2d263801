import {
  PrintJobListResponse,
  PrintJobResponse,
  type OpenDrawerRequest,
  type PrintJob,
  type PrinterTestRequest,
  type PrintJobResultRequest,
} from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

export const printingKeys = {
  all: ['print-jobs'] as const,
  ofSale: (saleId: number) => [...printingKeys.all, 'sale', saleId] as const,
  job: (id: number) => [...printingKeys.all, 'job', id] as const,
  /** A till's jobs waiting for its browser to send them to its USB or serial printer. */
  tillPending: (tillId: number) => [...printingKeys.all, 'till', tillId, 'pending'] as const,
};

/** Network printing (issue 37): the server prints; the browser follows a job's outcome. */
export const printingApi = {
  ofSale: (saleId: number, signal?: AbortSignal) =>
    api.get(`/print-jobs?saleId=${saleId}`, { schema: PrintJobListResponse, signal }).then((r) => r.jobs),
  job: (id: number, signal?: AbortSignal) =>
    api.get(`/print-jobs/${id}`, { schema: PrintJobResponse, signal }).then((r) => r.job),
  reprint: (id: number) => api.post(`/print-jobs/${id}/reprint`, {}, { schema: PrintJobResponse }).then((r) => r.job),
  test: (body: z.input<typeof PrinterTestRequest>) =>
    api.post('/printers/test', body, { schema: PrintJobResponse }).then((r) => r.job),
  openDrawer: (tillId: number, body: z.input<typeof OpenDrawerRequest>) =>
    api.post(`/tills/${tillId}/drawer`, body, { schema: PrintJobResponse }).then((r) => r.job),
  tillPending: (tillId: number, signal?: AbortSignal) =>
    api
      .get(`/print-jobs?tillId=${tillId}&status=pending`, { schema: PrintJobListResponse, signal })
      .then((r) => r.jobs),
  /** The printer bytes the server rendered for a job the till sends. */
  bytes: (id: number) =>
    api
      .get<Blob>(`/print-jobs/${id}/bytes`, { asBlob: true })
      .then(async (blob) => new Uint8Array(await blob.arrayBuffer())),
  result: (id: number, body: z.input<typeof PrintJobResultRequest>) =>
    api.post(`/print-jobs/${id}/result`, body, { schema: PrintJobResponse }).then((r) => r.job),
};

/** How often a job still printing is read again, and for how long at most (a printer answers within seconds). */
export const PRINT_POLL_MS = 1_000;
export const PRINT_FOLLOW_MS = 15_000;

/** Read again every second while the job is pending (or not there yet), until `until` (ms since the epoch). */
function pollWhilePending(job: PrintJob | undefined, until: number): number | false {
  if (job && job.status !== 'pending') return false;
  return Date.now() < until ? PRINT_POLL_MS : false;
}

/**
 * The receipt job of a sale (its newest), followed until it has printed or failed, or `until` has passed.
 * `enabled` false asks nothing (a till without a network printer prints through the browser).
 */
export function useSalePrintJob(saleId: number, until: number, enabled: boolean) {
  return useQuery({
    queryKey: printingKeys.ofSale(saleId),
    queryFn: ({ signal }) => printingApi.ofSale(saleId, signal),
    select: (jobs) => jobs.find((job) => job.kind === 'receipt') ?? null,
    refetchInterval: (query) =>
      pollWhilePending(
        query.state.data?.find((job) => job.kind === 'receipt'),
        until,
      ),
    enabled,
    staleTime: 0,
  });
}

/** One job by its id (a test page just queued), followed the same way. */
export function usePrintJob(id: number | null, until: number) {
  return useQuery({
    queryKey: printingKeys.job(id ?? 0),
    queryFn: ({ signal }) => printingApi.job(id ?? 0, signal),
    refetchInterval: (query) => pollWhilePending(query.state.data, until),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** "Print again": the failed job back in the queue; the sale's job is then followed afresh. */
export function useReprint(saleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => printingApi.reprint(id),
    onSuccess: (job) =>
      queryClient.setQueryData<PrintJob[]>(printingKeys.ofSale(saleId), (jobs) =>
        jobs ? jobs.map((j) => (j.id === job.id ? job : j)) : [job],
      ),
  });
}

export function usePrintTestPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => printingApi.test({ name }),
    onSuccess: (job) => queryClient.setQueryData(printingKeys.job(job.id), job),
  });
}

export function useOpenDrawer() {
  return useMutation({
    mutationFn: ({ tillId, reason }: { tillId: number; reason: string }) => printingApi.openDrawer(tillId, { reason }),
  });
}
