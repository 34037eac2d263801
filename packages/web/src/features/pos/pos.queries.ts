import {
  CreateSaleResponse,
  IDEMPOTENCY_HEADER,
  PosProductColumnsResponseShape,
  posProductsFromColumns,
  SaleResponse,
  VatExclusionApprovalResponse,
  type CreateSaleRequest,
  type PosProduct,
  type PosProductColumnsResponse,
  type VatExclusionApprovalRequest,
} from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, takeBootAnswer } from '../../lib/api';
import { customerKeys } from '../customers/customers.queries';
import { productKeys } from '../products/products.queries';
import { POS_LOAD_PATHS } from './pos-load';
import { keptCopy } from '../offline/kept-copy';

export const saleKeys = {
  all: ['sales'] as const,
  detail: (id: number) => [...saleKeys.all, 'detail', id] as const,
};

/** The till's products from the list's answer (spec 000 §7: every product, up to 10,000, sent as columns). */
const posListProducts = (answer: PosProductColumnsResponse) => posProductsFromColumns(answer.columns);

export const posApi = {
  products: (signal?: AbortSignal) =>
    api.get(POS_LOAD_PATHS.products, { schema: PosProductColumnsResponseShape, signal }).then(posListProducts),
};

/** The calls of /api/sales used by the selling side and the receipt. */
export const salesApi = {
  create: (body: CreateSaleRequest, idempotencyKey: string) =>
    api.post('/sales', body, { schema: CreateSaleResponse, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  get: (id: number, signal?: AbortSignal) =>
    api.get(`/sales/${id}`, { schema: SaleResponse, signal }).then((r) => r.sale),
  approveVatExclusion: (body: VatExclusionApprovalRequest) =>
    api.post('/sales/vat-exclusion-approvals', body, { schema: VatExclusionApprovalResponse }),
};

/**
 * The till's list from the answer boot-reads.ts asked for, if it is already in when the screen first renders
 * (taken once per page): the screen then draws its products at once instead of a skeleton first and the
 * whole screen again (issue 10 item 6). Checked as `posApi.products` checks it.
 */
let bootList: { data: PosProduct[]; receivedAt: number } | null | undefined;
function takeBootList(): { data: PosProduct[]; receivedAt: number } | null {
  if (bootList === undefined) {
    const answer = takeBootAnswer(POS_LOAD_PATHS.products, PosProductColumnsResponseShape);
    bootList = answer && { data: posListProducts(answer.data), receivedAt: answer.receivedAt };
  }
  return bootList;
}

export function usePosProducts() {
  const boot = takeBootList();
  return useQuery({
    queryKey: productKeys.posList(),
    // Started without a network, the till opens with the catalogue it kept for selling offline (issue 38).
    queryFn: ({ signal }) => keptCopy.products(() => posApi.products(signal)),
    networkMode: 'offlineFirst',
    initialData: boot?.data,
    initialDataUpdatedAt: boot?.receivedAt,
  });
}

export function useSale(id: number | null) {
  return useQuery({
    queryKey: saleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => salesApi.get(id ?? 0, signal),
    enabled: id !== null && id > 0,
  });
}

/**
 * Records a sale. The server takes the stock and updates the customer; the
 * browser only reloads products and customers afterwards (never writes them).
 */
export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateSaleRequest; idempotencyKey: string }) =>
      salesApi.create(body, idempotencyKey),
    onSuccess: (result) => {
      queryClient.setQueryData(saleKeys.detail(result.sale.id), result.sale);
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: saleKeys.all, refetchType: 'none' });
    },
  });
}

/** A user holding pos_refund approves excluding VAT on this cashier's next sale. */
export function useApproveVatExclusion() {
  return useMutation({ mutationFn: salesApi.approveVatExclusion });
}
