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
