import { FlaggedOfflineSale, FlaggedOfflineSalesResponse, OfflinePeriodsResponse } from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { FlaggedSaleView } from '../payments/flagged-sales-panel';
import { saleKeys } from '../pos/pos.queries';

/** The manager's calls of /api/offline: sales flagged when a till sent them, and when tills were offline. */
const offlineReviewApi = {
  flagged: (signal?: AbortSignal) => api.get('/offline/flagged', { schema: FlaggedOfflineSalesResponse, signal }),
  markHandled: (flagged: FlaggedSaleView) => {
    const refund = offlineRefundOfKey(flagged.key);
    return refund
      ? api.post(`/offline/flagged-refunds/${refund}/handled`, undefined, { schema: FlaggedOfflineSale })
      : api.post(`/offline/flagged/${flagged.key}/handled`, undefined, { schema: FlaggedOfflineSale });
  },
  periods: (signal?: AbortSignal) => api.get('/offline/periods', { schema: OfflinePeriodsResponse, signal }),
};

const REFUND_KEY_PREFIX = 'refund:';

/** A flagged row's key: a sale's id, or `refund:<offlineId>` for an offline refund (handled by its device-made id). */
export function flaggedOfflineKey(flagged: Pick<FlaggedOfflineSale, 'kind' | 'saleId' | 'offlineId'>): string {
  return flagged.kind === 'refund' ? `${REFUND_KEY_PREFIX}${flagged.offlineId}` : String(flagged.saleId);
}

function offlineRefundOfKey(key: string): string | null {
  return key.startsWith(REFUND_KEY_PREFIX) ? key.slice(REFUND_KEY_PREFIX.length) : null;
}

// Under the sales' keys: a sale a till sends may add to the list, as any sale refreshes the history.
export const offlineReviewKeys = {
  flagged: [...saleKeys.all, 'offline-flagged'] as const,
  periods: [...saleKeys.all, 'offline-periods'] as const,
};

export function useFlaggedOfflineSales<T = FlaggedOfflineSalesResponse>(
  select?: (data: FlaggedOfflineSalesResponse) => T,
) {
  return useQuery({
    queryKey: offlineReviewKeys.flagged,
    queryFn: ({ signal }) => offlineReviewApi.flagged(signal),
    select,
  });
}

export function useMarkOfflineSaleHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offlineReviewApi.markHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offlineReviewKeys.flagged }),
  });
}

export function useOfflinePeriods() {
  return useQuery({
    queryKey: offlineReviewKeys.periods,
    queryFn: ({ signal }) => offlineReviewApi.periods(signal),
  });
}
