import type { ImagesTable } from '../../db/schema';
import type { DbExecutor } from '../../db/executor';

export async function insertImage(
  db: DbExecutor,
  values: Pick<
    ImagesTable,
    'store' | 'key' | 'url' | 'size_bytes' | 'width' | 'height' | 'content_type' | 'created_at'
  >,
): Promise<number> {
  const row = await db.insertInto('images').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Forgets the image rows of these stored files (the files go after the transaction commits). */
export async function deleteImageRows(db: DbExecutor, store: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('images').where('store', '=', store).where('key', 'in', keys).execute();
}
