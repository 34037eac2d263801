import type { StoredSettings } from '@pos/core';
import type { DbExecutor } from '../../db/executor';
import { AppError } from '../../http/app-error';
import { shareOpenShift } from './shifts.queries';
import { findTillRow, liveTillExists } from './tills.queries';

/** The till and shift a sale or refund is recorded in; both null for a shop that sells without tills. */
export interface ShiftOfSale {
  tillId: number | null;
  /** The till's name, printed on the receipt. */
  tillName: string | null;
  shiftId: number | null;
}

/** No till: a shop without tills, or a write the till's shift does not concern. */
export const NO_SHIFT: ShiftOfSale = { tillId: null, tillName: null, shiftId: null };

/**
 * Finds (and share-locks, see `shareOpenShift`) the open shift of the till a sale or cash refund is made at.
 * It is the first lock such a write takes. Refused (thrown) when the shop requires an open shift and there is
 * none; the caller decides whether a refusal stops it (the counter) or is flagged (a paid card sale).
 *
 * `required`: whether this write needs the shift at all. One that does not (a refund to a card, or by transfer) is
 * tied to the till's open shift when there is one, and never refused.
 */
export async function shiftOfSale(
  trx: DbExecutor,
  settings: Pick<StoredSettings, 'shifts'>,
  tillId: number | null,
  required = true,
): Promise<ShiftOfSale> {
  if (!required) {
    const open = tillId === null ? undefined : await shareOpenShift(trx, tillId);
    return open ? { tillId, tillName: open.till_name, shiftId: open.id } : NO_SHIFT;
  }
  if (tillId === null) {
    if (settings.shifts.requireOpenShift && (await liveTillExists(trx))) {
      throw new AppError({ status: 409, code: 'SHIFT_REQUIRED' });
    }
    return NO_SHIFT;
  }
  const open = await shareOpenShift(trx, tillId);
  if (open) return { tillId, tillName: open.till_name, shiftId: open.id };
  const till = await findTillRow(trx, tillId);
  if (!till) throw new AppError({ status: 400, code: 'TILL_NOT_FOUND' });
  if (till.active !== 1) throw new AppError({ status: 409, code: 'TILL_INACTIVE' });
  if (settings.shifts.requireOpenShift) {
    throw new AppError({ status: 409, code: 'SHIFT_REQUIRED', details: { tillName: till.name } });
  }
  return { tillId, tillName: till.name, shiftId: null };
}
