import { EReceiptEmailResponse, EReceiptEmailsResponse, type SendEReceiptRequest } from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const eReceiptKeys = {
  all: ['e-receipts'] as const,
  ofSale: (saleId: number) => [...eReceiptKeys.all, saleId] as const,
};

/** The calls of a sale's e-Receipt by e-mail (issue 36). */
export const eReceiptApi = {
  send: (saleId: number, body: SendEReceiptRequest) =>
    api.post(`/sales/${saleId}/e-receipt`, body, { schema: EReceiptEmailResponse }).then((r) => r.email),
  list: (saleId: number, signal?: AbortSignal) =>
    api.get(`/sales/${saleId}/e-receipt`, { schema: EReceiptEmailsResponse, signal }).then((r) => r.emails),
};

/** While one is waiting, how often its status is read again. */
const PENDING_POLL_MS = 3_000;

/** A sale's e-Receipt e-mails so far; read again every few seconds while one waits to be sent. */
export function useEReceiptEmails(saleId: number) {
  return useQuery({
    queryKey: eReceiptKeys.ofSale(saleId),
    queryFn: ({ signal }) => eReceiptApi.list(saleId, signal),
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'pending') ? PENDING_POLL_MS : false),
  });
}

/** Queues the e-Receipt's e-mail; the sale's list then shows it. */
export function useSendEReceipt(saleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendEReceiptRequest) => eReceiptApi.send(saleId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eReceiptKeys.ofSale(saleId) }),
  });
}
