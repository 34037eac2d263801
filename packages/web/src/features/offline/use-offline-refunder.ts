import type { RefundSaleRequest, RefundSaleResponse, Sale } from '@pos/core';
import { useCallback } from 'react';
import { getStoredUser } from '../../lib/session';
import { newIdempotencyKey as newOfflineId } from '../pos/sale-payload';
import { useOffline } from './offline-context';
import { OfflineRefusal } from './offline-sale';
import { recordOfflineRefund } from './offline-refund';

/**
 * In the sales history: a refund made on this till's device while the server cannot be reached (see
 * offline-refund.ts). Null when this browser keeps nothing to refund from (no till chosen, not signed in to sell).
 */
export function useOfflineRefunder(): ((sale: Sale, body: RefundSaleRequest) => Promise<RefundSaleResponse>) | null {
  const context = useOffline();
  const db = context?.db ?? null;
  const tillId = context?.tillId ?? null;
  const refund = useCallback(
    async (sale: Sale, body: RefundSaleRequest) => {
      // The signed-in user as this browser keeps them (the outbox is theirs: only they send it).
      const me = getStoredUser();
      if (!db || tillId === null || !context || !me || me.id !== context.userId) throw new OfflineRefusal('noTill');
      await context.beginPeriod();
      try {
        return await recordOfflineRefund(db, {
          sale,
          body,
          offlineId: newOfflineId(),
          user: { id: me.id, name: me.name },
          tillId,
          at: new Date(),
        });
      } catch (error) {
        if (error instanceof OfflineRefusal) throw error;
        throw new OfflineRefusal('storage');
      } finally {
        context.reload();
      }
    },
    [db, tillId, context],
  );
  return db ? refund : null;
}
