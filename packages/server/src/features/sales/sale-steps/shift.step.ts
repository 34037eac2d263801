import { NO_SHIFT, shiftOfSale, type ShiftOfSale } from '../../shifts/shift-of-sale';
import { findTillRow } from '../../shifts/tills.queries';
import type { SaleContext } from './sale-context';

/**
 * Step: the till's open shift the sale joins, share-locked as the sale's first lock (a close waits for it; a sale
 * after the close finds none). Without one where the shop requires it, the counter refuses (SHIFT_REQUIRED); a
 * paid card sale is never refused: it is recorded at its till in no shift, and flagged for the manager.
 */
export async function joinShift(sale: SaleContext): Promise<ShiftOfSale> {
  const tillId = sale.input.tillId ?? null;
  try {
    return await shiftOfSale(sale.trx, sale.settings, tillId);
  } catch (err) {
    sale.policy.refuse(err, { reason: 'no_open_shift' });
    const till = tillId === null ? undefined : await findTillRow(sale.trx, tillId);
    return till ? { tillId: till.id, tillName: till.name, shiftId: null } : NO_SHIFT;
  }
}
