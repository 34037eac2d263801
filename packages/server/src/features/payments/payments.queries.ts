import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { CardCheckoutsTable } from '../../db/schema';
import { USER_COLUMNS, toApiUser } from '../users/users.queries';
import type { SessionUser } from '../../http/request-user';

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
  values: Omit<CardCheckoutRow, 'id' | 'sale_id' | 'flags' | 'completed_at' | 'handled_by' | 'handled_at'>,
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
  values: { saleId: number; flags: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('card_checkouts')
    .set({ sale_id: values.saleId, flags: values.flags, completed_at: values.now })
    .where('id', '=', id)
    .where('sale_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface FlaggedCheckoutRow {
  session_id: string;
  sale_id: number;
  document_number: string;
  total: number;
  seller_name: string;
  customer_name: string | null;
  completed_at: string;
  flags: string;
  handled_at: string | null;
  handled_by_name: string | null;
}

function flaggedCheckouts(db: DbExecutor) {
  return db
    .selectFrom('card_checkouts')
    .innerJoin('sales', 'sales.id', 'card_checkouts.sale_id')
    .innerJoin('users as seller', 'seller.id', 'sales.created_by')
    .leftJoin('users as handler', 'handler.id', 'card_checkouts.handled_by')
    .select([
      'card_checkouts.session_id',
      'card_checkouts.sale_id',
      'sales.document_number',
      'sales.total',
      'seller.name as seller_name',
      'sales.customer_name',
      'card_checkouts.completed_at',
      'card_checkouts.flags',
      'card_checkouts.handled_at',
      'handler.name as handled_by_name',
    ])
    .where('card_checkouts.flags', 'is not', null)
    .$narrowType<{ sale_id: number; completed_at: string; flags: string }>();
}

/** Card sales recorded although something had changed, newest first; `open`: not yet handled. */
export function listFlaggedCheckouts(
  db: DbExecutor,
  { open, limit }: { open: boolean; limit: number },
): Promise<FlaggedCheckoutRow[]> {
  return flaggedCheckouts(db)
    .$if(open, (qb) => qb.where('card_checkouts.handled_at', 'is', null))
    .orderBy('card_checkouts.completed_at', 'desc')
    .orderBy('card_checkouts.id', 'desc')
    .limit(limit)
    .execute();
}

export function findFlaggedCheckout(db: DbExecutor, saleId: number): Promise<FlaggedCheckoutRow | undefined> {
  return flaggedCheckouts(db).where('card_checkouts.sale_id', '=', saleId).executeTakeFirst();
}

/** Marks a flagged checkout handled, once: a second call keeps the first handler. */
export async function markCheckoutHandled(
  db: DbExecutor,
  saleId: number,
  values: { userId: number; now: string },
): Promise<void> {
  await db
    .updateTable('card_checkouts')
    .set({ handled_by: values.userId, handled_at: values.now })
    .where('sale_id', '=', saleId)
    .where('flags', 'is not', null)
    .where('handled_at', 'is', null)
    .execute();
}

/** The seller who started the checkout, even if deactivated since (the sale is still theirs). */
export async function findSeller(db: DbExecutor, id: number): Promise<SessionUser | undefined> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toApiUser(row) : undefined;
}
