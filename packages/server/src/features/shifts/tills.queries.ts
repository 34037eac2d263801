import { sql, type Selectable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { TillsTable } from '../../db/schema';

export const TILL_COLUMNS = ['t.id', 't.name', 't.active'] as const;
export type TillRow = Pick<Selectable<TillsTable>, 'id' | 'name' | 'active'> & { open_shift_id: number | null };

function tillsWithOpenShift(db: DbExecutor) {
  return db
    .selectFrom('tills as t')
    .leftJoin('shifts as s', (join) => join.onRef('s.till_id', '=', 't.id').on('s.status', '=', 'open'))
    .select([...TILL_COLUMNS, 's.id as open_shift_id']);
}

export function listTillRows(db: DbExecutor): Promise<TillRow[]> {
  return tillsWithOpenShift(db).orderBy('t.active', 'desc').orderBy('t.name').orderBy('t.id').execute();
}

export function findTillRow(db: DbExecutor, id: number): Promise<TillRow | undefined> {
  return tillsWithOpenShift(db).where('t.id', '=', id).executeTakeFirst();
}

/** The till of this name, compared case-insensitively as the unique index does. */
export function findTillByName(db: DbExecutor, name: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('tills')
    .select('id')
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
}

export async function insertTill(db: DbExecutor, name: string, now: string): Promise<number> {
  const row = await db
    .insertInto('tills')
    .values({ name, active: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTillRow(
  db: DbExecutor,
  id: number,
  values: { name?: string; active?: number; updated_at: string },
): Promise<void> {
  await db.updateTable('tills').set(values).where('id', '=', id).execute();
}
