import type { DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';

/** The stored groups' rows as they are: JSON text by group name. */
export async function readSettingRows(db: DbExecutor): Promise<{ group_name: string; value: string }[]> {
  return (await settingRows(db, {})).rows;
}

const settingRows = prepared((db, _: Record<string, never>) =>
  db.selectFrom('settings').select(['group_name', 'value']).orderBy('group_name'),
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
