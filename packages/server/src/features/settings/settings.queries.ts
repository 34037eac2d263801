import type { DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';

/** Stored groups as parsed JSON objects, by group name. */
export async function readSettingGroups(db: DbExecutor): Promise<Record<string, Record<string, unknown>>> {
  const { rows } = await settingRows(db, {});
  const groups: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    try {
      const value: unknown = JSON.parse(row.value);
      if (value && typeof value === 'object') groups[row.group_name] = value as Record<string, unknown>;
    } catch {
      // A damaged row falls back to defaults rather than breaking every screen.
    }
  }
  return groups;
}

const settingRows = prepared((db, _: Record<string, never>) =>
  db.selectFrom('settings').select(['group_name', 'value']),
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
