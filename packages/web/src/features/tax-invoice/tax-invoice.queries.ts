import { TaxInvoiceResponse, type CreateTaxInvoiceRequest } from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saleKeys } from '../pos/pos.queries';

/** The tax-invoice routes' cache entries (docs/development.md: one per endpoint). */
export const taxInvoiceKeys = {
  detail: (id: number) => ['tax-invoices', 'detail', id] as const,
};

export const taxInvoicesApi = {
  issue: (saleId: number, body: CreateTaxInvoiceRequest) =>
    api.post(`/sales/${saleId}/tax-invoice`, body, { schema: TaxInvoiceResponse }).then((r) => r.taxInvoice),
  get: (id: number, signal?: AbortSignal) =>
    api.get(`/tax-invoices/${id}`, { schema: TaxInvoiceResponse, signal }).then((r) => r.taxInvoice),
  /** The invoice's PDF/A-3 (A4, original and copy) or its ETDA XML, as a file. */
  file: (id: number, kind: 'pdf' | 'xml') =>
    api.get<Blob>(`/tax-invoices/${id}/${kind}`, {
      asBlob: true,
      headers: { Accept: kind === 'pdf' ? 'application/pdf' : 'application/xml' },
    }),
};

export function useTaxInvoice(id: number | null) {
  return useQuery({
    queryKey: taxInvoiceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => taxInvoicesApi.get(id ?? 0, signal),
    enabled: id !== null,
  });
}

/** Issues a sale's full tax invoice; the sale (history, receipt) then shows it replaced its short one. */
export function useIssueTaxInvoice(saleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaxInvoiceRequest) => taxInvoicesApi.issue(saleId, body),
    onSuccess: (invoice) => {
      client.setQueryData(taxInvoiceKeys.detail(invoice.id), invoice);
      void client.invalidateQueries({ queryKey: saleKeys.all });
    },
  });
}
