import {
  PrintJobListResponse,
  PrintJobResponse,
  type OpenDrawerRequest,
  type PrintDocumentRequest,
  type PrintJob,
  type PrintJobKind,
  type PrinterTestRequest,
  type PrintJobResultRequest,
} from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

/** Whose jobs a list reads: a sale's (receipt, full tax invoice), a refund's (credit note) or a shift's (X/Z). */
export type PrintJobsOf = { saleId: number } | { refundId: number } | { shiftId: number };

/** The list's query parameter of `of`, as `[name, id]`. */
function jobsParam(of: PrintJobsOf): readonly ['saleId' | 'refundId' | 'shiftId', number] {
  if ('saleId' in of) return ['saleId', of.saleId];
  if ('refundId' in of) return ['refundId', of.refundId];
  return ['shiftId', of.shiftId];
}

type WithoutTill<T> = T extends unknown ? Omit<T, 'tillId'> : never;
/** A document to print, whichever till prints it. */
export type PrintTarget = WithoutTill<PrintDocumentRequest>;

/** Whose jobs a document's print job lands among. */
export function jobsOfDocument(request: PrintTarget): PrintJobsOf {
  switch (request.kind) {
    case 'receipt':
    case 'tax_invoice':
      return { saleId: request.saleId };
    case 'credit_note':
      return { refundId: request.refundId };
    case 'shift_report':
      return { shiftId: request.shiftId };
  }
}

export const printingKeys = {
  all: ['print-jobs'] as const,
  of: (of: PrintJobsOf) => [...printingKeys.all, ...jobsParam(of)] as const,
  ofSale: (saleId: number) => printingKeys.of({ saleId }),
  job: (id: number) => [...printingKeys.all, 'job', id] as const,
  /** A till's jobs waiting for its browser to send them to its USB or serial printer. */
  tillPending: (tillId: number) => [...printingKeys.all, 'till', tillId, 'pending'] as const,
};

/** Network printing (issue 37): the server prints; the browser follows a job's outcome. */
export const printingApi = {
  of: (of: PrintJobsOf, signal?: AbortSignal) => {
    const [name, id] = jobsParam(of);
    return api.get(`/print-jobs?${name}=${id}`, { schema: PrintJobListResponse, signal }).then((r) => r.jobs);
  },
  ofSale: (saleId: number, signal?: AbortSignal) => printingApi.of({ saleId }, signal),
  print: (body: PrintDocumentRequest) => api.post('/print-jobs', body, { schema: PrintJobResponse }).then((r) => r.job),
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
 * The newest job of one kind among a document's jobs, followed until it has printed or failed, or `until` has
 * passed. `enabled` false asks nothing (a till without a printer prints through the browser).
 */
export function useLatestPrintJob(of: PrintJobsOf, kind: PrintJobKind, until: number, enabled: boolean) {
  const newest = (jobs: readonly PrintJob[] | undefined) => jobs?.find((job) => job.kind === kind);
  return useQuery({
    queryKey: printingKeys.of(of),
    queryFn: ({ signal }) => printingApi.of(of, signal),
    select: (jobs) => newest(jobs) ?? null,
    refetchInterval: (query) => pollWhilePending(newest(query.state.data), until),
    enabled,
    staleTime: 0,
  });
}

/** The receipt job of a sale (its newest), followed the same way. */
export function useSalePrintJob(saleId: number, until: number, enabled: boolean) {
  return useLatestPrintJob({ saleId }, 'receipt', until, enabled);
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

/** A job as it now is, in every cached list or entry that holds it (a list keeps its order: newest first). */
function putJob(queryClient: ReturnType<typeof useQueryClient>, job: PrintJob) {
  queryClient.setQueryData(printingKeys.job(job.id), job);
  for (const [key, jobs] of queryClient.getQueriesData<PrintJob[]>({ queryKey: printingKeys.all })) {
    if (Array.isArray(jobs) && jobs.some((j) => j.id === job.id))
      queryClient.setQueryData<PrintJob[]>(
        key,
        jobs.map((j) => (j.id === job.id ? job : j)),
      );
  }
  // A till's own printer (USB, serial) is driven by its browser, which reads its jobs again on this.
  void queryClient.invalidateQueries({ queryKey: printingKeys.all });
}

/** "Print again": the failed job back in the queue, wherever it is shown; then followed afresh. */
export function useReprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => printingApi.reprint(id),
    onSuccess: (job) => putJob(queryClient, job),
  });
}

/** A document sent to the till's printer: the new job heads its document's list. */
export function usePrintDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrintDocumentRequest) => printingApi.print(body),
    onSuccess: (job, body) => {
      const key = printingKeys.of(jobsOfDocument(body));
      queryClient.setQueryData<PrintJob[]>(key, (jobs) => [job, ...(jobs ?? []).filter((j) => j.id !== job.id)]);
      putJob(queryClient, job);
    },
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
