import { sql } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';

/**
 * The name of the row `readSettingRows` adds after the stored groups: how many tills are switched on. A sale
 * needs it with the settings (a shop requires shifts only while it has a live till, issue 35), so it comes in
 * the same statement rather than in one more per sale. Not a group: nothing stores it.
 */
export const LIVE_TILLS_ROW = '~live-tills';

/** The stored groups' rows as they are (JSON text by group name), then the live tills' count (LIVE_TILLS_ROW). */
export async function readSettingRows(db: DbExecutor): Promise<{ group_name: string; value: string }[]> {
  return (await settingRows(db, {})).rows;
}

const settingRows = prepared((db, _: Record<string, never>) =>
  db
    .selectFrom('settings')
    .select(['group_name', 'value'])
    .unionAll(
      db
        .selectFrom('tills')
        .select([
          sql<string>`${sql.lit(LIVE_TILLS_ROW)}`.as('group_name'),
          sql<string>`cast(count(*) as text)`.as('value'),
        ])
        .where('active', '=', 1),
    )
    .orderBy('group_name'),
);

export async function writeSettingGroup(
  db: DbExecutor,
  group: string,
  value: object,
  userId: number | null,
  now: string,
): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ group_name: group, value: json, updated_at: now, updated_by: userId })
    .onConflict((oc) => oc.column('group_name').doUpdateSet({ value: json, updated_at: now, updated_by: userId }))
    .execute();
}

/** Every till's id (live or not): a till may be given a printer before it is switched on. */
export async function listTillIds(db: DbExecutor): Promise<number[]> {
  return (await db.selectFrom('tills').select('id').execute()).map((row) => row.id);
}
