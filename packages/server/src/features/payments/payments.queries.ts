import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { CardCheckoutsTable } from '../../db/schema';
import { USER_COLUMNS, toApiUser } from '../users/users.queries';
import type { SessionUser } from '../auth/sessions.queries';

export type CardCheckoutRow = Selectable<CardCheckoutsTable>;

export function findCheckoutBySession(db: DbExecutor, sessionId: string): Promise<CardCheckoutRow | undefined> {
  return db.selectFrom('card_checkouts').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

export function findCheckoutByKey(db: DbExecutor, key: string): Promise<CardCheckoutRow | undefined> {
  return db.selectFrom('card_checkouts').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Keeps a new checkout; false when one under the same key got there first. */
export async function insertCheckout(
  db: DbExecutor,
  values: Omit<CardCheckoutRow, 'id' | 'sale_id' | 'stock_shortfall' | 'completed_at'>,
): Promise<boolean> {
  const rows = await db
    .insertInto('card_checkouts')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Links the checkout to its sale; false when it already has one (the sale is then rolled back). */
export async function completeCheckout(
  db: DbExecutor,
  id: number,
  values: { saleId: number; stockShortfall: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('card_checkouts')
    .set({ sale_id: values.saleId, stock_shortfall: values.stockShortfall, completed_at: values.now })
    .where('id', '=', id)
    .where('sale_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Checkouts recorded although the goods had run out, newest first. */
export function listFlaggedCheckouts(db: DbExecutor, limit: number): Promise<CardCheckoutRow[]> {
  return db
    .selectFrom('card_checkouts')
    .selectAll()
    .where('stock_shortfall', 'is not', null)
    .orderBy('completed_at', 'desc')
    .limit(limit)
    .execute();
}

/** The seller who started the checkout, even if deactivated since (the sale is still theirs). */
export async function findSeller(db: DbExecutor, id: number): Promise<SessionUser | undefined> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toApiUser(row) : undefined;
}
