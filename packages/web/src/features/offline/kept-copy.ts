import type { Customer, PosProduct, Shift, Till } from '@pos/core';
import { getStoredUser } from '../../lib/session';
import { orKeptCopy, readMeta } from '../../lib/offline-db';
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
