import type { Kysely, Transaction } from 'kysely';
import type { DB, ImagesTable } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

export async function insertImage(
  db: Q,
  values: Pick<
    ImagesTable,
    'store' | 'key' | 'url' | 'size_bytes' | 'width' | 'height' | 'content_type' | 'created_at'
  >,
): Promise<number> {
  const row = await db.insertInto('images').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
