import type { CreateTillRequest, Till, UpdateTillRequest } from '@pos/core';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/app-error';
import { findTillByName, findTillRow, insertTill, listTillRows, updateTillRow, type TillRow } from './tills.queries';

type TillDeps = Pick<Deps, 'db' | 'now'>;

export function toApiTill(row: TillRow): Till {
  return { id: row.id, name: row.name, active: row.active === 1, openShiftId: row.open_shift_id };
}

const nameTaken = (name: string) => conflict('TILL_NAME_TAKEN', { details: { name } });

export async function listTills(deps: TillDeps): Promise<Till[]> {
  return (await listTillRows(deps.db.kysely)).map(toApiTill);
}

export async function createTill(deps: TillDeps, input: z.output<typeof CreateTillRequest>): Promise<Till> {
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      if (await findTillByName(trx, input.name)) throw nameTaken(input.name);
      const id = await insertTill(trx, input.name, deps.now().toISOString());
      return toApiTill((await findTillRow(trx, id))!);
    });
  } catch (err) {
    // Two requests raced for one name; the unique index decided.
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

/** Renames a till or switches it on or off; a till with its shift open is closed first, never switched off. */
export async function updateTill(deps: TillDeps, id: number, input: z.output<typeof UpdateTillRequest>): Promise<Till> {
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      const till = await findTillRow(trx, id);
      if (!till) throw notFound('TILL_NOT_FOUND');
      if (input.name !== undefined) {
        const same = await findTillByName(trx, input.name);
        if (same && same.id !== id) throw nameTaken(input.name);
      }
      if (input.active === false && till.open_shift_id !== null) {
        throw new AppError({ status: 409, code: 'SHIFT_ALREADY_OPEN', details: { tillName: till.name } });
      }
      await updateTillRow(trx, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.active !== undefined && { active: input.active ? 1 : 0 }),
        updated_at: deps.now().toISOString(),
      });
      return toApiTill((await findTillRow(trx, id))!);
    });
  } catch (err) {
    if (isUniqueViolation(err) && input.name !== undefined) throw nameTaken(input.name);
    throw err;
  }
}
