import {
  bahtToSatang,
  satangToBaht,
  type Customer,
  type PosProduct,
  type SalesListResponse,
  type Shift,
  type Till,
} from '@pos/core';
import { localDateKey } from '../../lib/dates';
import { getStoredUser } from '../../lib/session';
import { orKeptCopy, readMeta, type OfflineDb } from '../../lib/offline-db';
import { readChosenTillId } from '../shifts/till-choice';

/**
 * The till's reads with the copy kept for selling offline behind them (issue 38): started without a network, the
 * POS opens with the catalogue, customers, till and shift it last knew, for the signed-in user at this browser's
 * till.
 */
function keptRead<T>(read: () => Promise<T>, kept: Parameters<typeof orKeptCopy<T>>[1]): Promise<T> {
  return orKeptCopy(read, kept, { userId: getStoredUser()?.id, tillId: readChosenTillId() });
}

export const keptCopy = {
  products: (read: () => Promise<PosProduct[]>) =>
    keptRead(read, async (db) => {
      const rows = await db.products.orderBy('position').toArray();
      return rows.length > 0 ? rows.map((r) => r.product) : undefined;
    }),
  customers: (read: () => Promise<Customer[]>) =>
    keptRead(read, async (db) => ((await db.customers.count()) > 0 ? db.customers.toArray() : undefined)),
  tills: (read: () => Promise<{ tills: Till[] }>) =>
    keptRead(read, async (db) => {
      const till = await readMeta<Till>(db, 'till');
      return till ? { tills: [till] } : undefined;
    }),
  shift: (tillId: number, read: () => Promise<{ shift: Shift | null }>) =>
    keptRead(read, async (db) => {
      if (readChosenTillId() !== tillId || (await readMeta(db, 'syncedAt')) === undefined) return undefined;
      return { shift: (await readMeta<Shift | null>(db, 'shift')) ?? null };
    }),
};

/** A page of the sales history read from the till's kept sales: `kept` says so, for the screen to tell. */
export type HistoryPage = SalesListResponse & { kept?: true };

/** What the history screen filters by (its days and search text). */
export interface KeptSalesFilter {
  startDate?: string;
  endDate?: string;
  search: string;
}

/** The till's kept sales matching the history's filters, newest first, as one page (undefined: none kept). */
async function keptSalesPage(db: OfflineDb, filters: KeptSalesFilter): Promise<HistoryPage | undefined> {
  const all = await db.sales.orderBy('madeAt').reverse().toArray();
  if (all.length === 0) return undefined;
  const search = filters.search.trim().toLowerCase();
  const sales = all
    .map((kept) => kept.sale)
    .filter((sale) => {
      const day = localDateKey(new Date(sale.created_at));
      if (filters.startDate && day < filters.startDate) return false;
      if (filters.endDate && day > filters.endDate) return false;
      if (!search) return true;
      return [sale.document_number, sale.customer_name ?? '', ...sale.items.map((i) => i.product_name)].some((text) =>
        text.toLowerCase().includes(search),
      );
    });
  const customers = new Set(sales.flatMap((sale) => (sale.customer_id === null ? [] : [sale.customer_id])));
  return {
    kept: true,
    sales,
    total: sales.length,
    summary: {
      totalAmount: satangToBaht(sales.reduce((sum, s) => sum + bahtToSatang(s.total), 0)),
      refundedAmount: satangToBaht(sales.reduce((sum, s) => sum + bahtToSatang(s.refunded_amount), 0)),
      itemsSold: sales.reduce((sum, s) => sum + s.items.reduce((n, i) => n + i.quantity, 0), 0),
      uniqueCustomers: customers.size,
    },
    nextCursor: null,
  };
}

/** The sales history's first page, or the till's kept sales when the server cannot be reached. */
export function keptHistoryPage(
  filters: KeptSalesFilter,
  first: boolean,
  read: () => Promise<HistoryPage>,
): Promise<HistoryPage> {
  return first ? keptRead(read, (db) => keptSalesPage(db, filters)) : read();
}
