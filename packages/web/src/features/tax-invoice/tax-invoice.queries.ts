import { TaxInvoiceResponse, type CreateTaxInvoiceRequest, type TaxInvoice } from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { customerKeys } from '../customers/customers.queries';
import { saleKeys } from '../pos/pos.queries';

/** Where the server keeps an e-Tax document: a full invoice, or the credit note of one of its sale's refunds. */
export function taxDocumentPath(taxInvoiceId: number, refundId?: number): string {
  return refundId === undefined
    ? `/tax-invoices/${taxInvoiceId}`
    : `/tax-invoices/${taxInvoiceId}/credit-notes/${refundId}`;
}

export const taxInvoiceKeys = {
  all: ['tax-invoices'] as const,
  detail: (id: number) => [...taxInvoiceKeys.all, id] as const,
};

/** The calls of issue 36's full tax invoices. */
export const taxInvoiceApi = {
  issue: (saleId: number, body: CreateTaxInvoiceRequest) =>
    api.post(`/sales/${saleId}/tax-invoice`, body, { schema: TaxInvoiceResponse }).then((r) => r.taxInvoice),
  get: (id: number, signal?: AbortSignal) =>
    api.get(`/tax-invoices/${id}`, { schema: TaxInvoiceResponse, signal }).then((r) => r.taxInvoice),
  /** An e-Tax document's files (see taxDocumentPath): the PDF/A-3 (A4, original and copy, XML attached) or the XML. */
  file: (documentPath: string, kind: 'pdf' | 'xml') =>
    api.get<Blob>(`${documentPath}/${kind}`, {
      asBlob: true,
      headers: { Accept: kind === 'pdf' ? 'application/pdf' : 'application/xml' },
    }),
};

/** A full tax invoice by id (reports_view), when `id` is set; issued ones never change. */
export function useTaxInvoice(id: number | null) {
  return useQuery({
    queryKey: taxInvoiceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => taxInvoiceApi.get(id ?? 0, signal),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** Issues a sale's full tax invoice; the sale (now marked replaced) and a customer given the details reload. */
export function useIssueTaxInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ saleId, body }: { saleId: number; body: CreateTaxInvoiceRequest }) =>
      taxInvoiceApi.issue(saleId, body),
    onSuccess: (invoice: TaxInvoice, { body }) => {
      queryClient.setQueryData(taxInvoiceKeys.detail(invoice.id), invoice);
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
      if (body.saveToCustomer) void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
