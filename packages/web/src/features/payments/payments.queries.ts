import {
  CardCheckoutResponse,
  ConfirmCardPaymentResponse,
  FlaggedCardSale,
  FlaggedCardSalesResponse,
  IDEMPOTENCY_HEADER,
  type CreateSaleRequest,
} from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { FlaggedSaleView } from './flagged-sales-panel';
import { customerKeys } from '../customers/customers.queries';
import { productKeys } from '../products/products.queries';
import { saleKeys } from '../pos/pos.queries';

/** The card calls of /api/payments/stripe (the server keeps the sale until Stripe says it is paid). */
export const cardApi = {
  checkout: (body: CreateSaleRequest, idempotencyKey: string) =>
    api.post('/payments/stripe/checkout', body, {
      schema: CardCheckoutResponse,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
  confirm: (sessionId: string) =>
    api.post('/payments/stripe/confirm', { sessionId }, { schema: ConfirmCardPaymentResponse }),
  flagged: (signal?: AbortSignal) => api.get('/payments/stripe/flagged', { schema: FlaggedCardSalesResponse, signal }),
  markHandled: ({ saleId }: FlaggedSaleView) =>
    api.post(`/payments/stripe/flagged/${saleId}/handled`, undefined, { schema: FlaggedCardSale }),
};

export const flaggedCardSaleKeys = { open: [...saleKeys.all, 'card-flagged'] as const };

/** Card sales recorded although something changed while the customer paid, not yet handled. */
export function useFlaggedCardSales<T = FlaggedCardSalesResponse>(
  enabled: boolean,
  select?: (data: FlaggedCardSalesResponse) => T,
) {
  return useQuery({
    queryKey: flaggedCardSaleKeys.open,
    queryFn: ({ signal }) => cardApi.flagged(signal),
    enabled,
    select,
  });
}

/** Marks a flagged card sale handled; the list then drops it. */
export function useMarkCardSaleHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cardApi.markHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flaggedCardSaleKeys.open }),
  });
}

export function useStartCardCheckout() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateSaleRequest; idempotencyKey: string }) =>
      cardApi.checkout(body, idempotencyKey),
  });
}

/** Confirms a returned card checkout; like a sale, the server moved stock and points. */
export function useConfirmCardPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cardApi.confirm,
    onSuccess: (result) => {
      queryClient.setQueryData(saleKeys.detail(result.sale.id), result.sale);
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: saleKeys.all, refetchType: 'none' });
    },
  });
}
