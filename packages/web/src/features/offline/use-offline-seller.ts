import type { CreateSaleRequest, Customer, PosProduct, PricingSettings, Sale, StoreSettings } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUser } from '../../auth/auth-context';
import { readSnapshot } from '../../lib/offline-db';
import { customerKeys } from '../customers/customers.queries';
import { productKeys } from '../products/products.queries';
import { useOfflineTill } from './offline-context';
import { OfflineRefusal, offlineReceiptSale, recordOfflineSale } from './offline-sale';

/** Whether the shop requires an open shift to sell (default on, as the POS reads it). */
function requiresShift(settings: StoreSettings | undefined): boolean {
  return (settings as Partial<StoreSettings> | undefined)?.shifts?.requireOpenShift ?? true;
}

export interface OfflineSellContext {
  pricing: PricingSettings;
  settings: StoreSettings | undefined;
  till: { id: number; name: string } | null;
}

/**
 * At the POS: makes a sale offline (see offline-sale.ts) and answers the receipt's sale. The till's lists on
 * screen take the stock and points it moved, as the cached ones did. Throws OfflineRefusal when it cannot.
 */
export function useOfflineSeller(tillId: number | null) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const context = useOfflineTill(tillId);
  const db = context?.db ?? null;
  const online = context?.status.online ?? true;

  const sell = useCallback(
    async (body: CreateSaleRequest, offlineId: string, at: Date, sellContext: OfflineSellContext): Promise<Sale> => {
      if (!db || tillId === null || !context) throw new OfflineRefusal('noTill');
      await context.beginPeriod();
      let result;
      try {
        result = await recordOfflineSale(db, {
          body,
          offlineId,
          userId: me.id,
          tillId,
          at,
          pricing: sellContext.pricing,
          requireShift: requiresShift(sellContext.settings),
        });
      } catch (error) {
        if (error instanceof OfflineRefusal) throw error;
        throw new OfflineRefusal('storage');
      }
      context.reload();
      const snapshot = await readSnapshot(db);
      const byId = new Map<number, PosProduct>(snapshot.products.map((p) => [p.id, p]));
      queryClient.setQueryData<PosProduct[]>(productKeys.posList(), (list) =>
        list ? list.map((p) => byId.get(p.id) ?? p) : list,
      );
      const customer = result.customer;
      if (customer) {
        queryClient.setQueriesData<Customer[]>({ queryKey: customerKeys.lists() }, (list) =>
          list ? list.map((c) => (c.id === customer.id ? customer : c)) : list,
        );
      }
      const sale = offlineReceiptSale(result.row, {
        user: { id: me.id, name: me.name },
        customer,
        till: sellContext.till,
        shiftId: result.shiftId,
        pricing: sellContext.pricing,
        productOf: (id) => byId.get(id),
      });
      // Kept for a refund of it while still offline (it is sent, then refunded, in that order).
      await db.sales
        .put({ key: sale.document_number, sale, offlineId, madeAt: sale.created_at })
        .catch(() => undefined);
      return sale;
    },
    [db, tillId, context, me.id, me.name, queryClient],
  );

  /** A sale the server recorded at this till, kept for refunding it should the network drop. */
  const keep = useCallback(
    (sale: Sale) => {
      if (!db || sale.id === 0) return;
      void db.sales
        .put({ key: sale.document_number, sale, offlineId: null, madeAt: sale.created_at })
        .catch(() => undefined);
    },
    [db],
  );

  return { sell, keep, online, available: db !== null };
}
