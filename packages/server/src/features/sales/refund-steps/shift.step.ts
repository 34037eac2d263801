import type { DbExecutor } from '../../../db/executor';
import { readSettingsForSale } from '../../settings/settings.service';
import { shiftOfSale, type ShiftOfSale } from '../../shifts/shift-of-sale';
import type { RefundInput, RefundWay } from './refund-context';

/** Whether any of the refund's money goes back as cash, out of the drawer. */
export function paysCashBack(way: Pick<RefundWay, 'method' | 'parts'>): boolean {
  return way.parts ? way.parts.some((p) => p.method === 'cash' && p.amount > 0) : way.method === 'cash';
}

/**
 * Step: the refunding till's open shift (share-locked, after the sale's row, as every refund and edit takes
 * them). Cash paid back out of the drawer needs it when the shop requires shifts (SHIFT_REQUIRED); money back
 * to a card or by transfer joins it when there is one and is never refused for want of it.
 */
export async function refundShift(trx: DbExecutor, input: RefundInput, way: RefundWay): Promise<ShiftOfSale> {
  return shiftOfSale(trx, await readSettingsForSale(trx), input.tillId ?? null, paysCashBack(way));
}
