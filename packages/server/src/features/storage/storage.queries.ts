import { sql } from 'kysely';
import type { DatabaseEngine } from '../../config';
import type { DbExecutor } from '../../db/executor';

/** Live products, those with a picture, and how many different pictures they show. */
export async function productImageStats(
  db: DbExecutor,
): Promise<{ totalProducts: number; productsWithImages: number; uniqueImages: number }> {
  const row = await db
    .selectFrom('products')
    .where('deleted_at', 'is', null)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb.and([eb('image_url', 'is not', null), eb('image_url', '!=', '')]))
            .then(1)
            .end(),
        )
        .as('with_images'),
      eb.fn
        .count<number>(eb.fn('nullif', ['image_url', eb.val('')]))
        .distinct()
        .as('unique_images'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalProducts: Number(row.total),
    productsWithImages: Number(row.with_images),
    uniqueImages: Number(row.unique_images),
  };
}

/**
 * What products point at, live or hidden (a product is hidden only when sales
 * name it, so every row counts): their picture addresses, and the stored files
 * of the image rows they hold, as `{ store, key }`.
 */
export async function productImageReferences(
  db: DbExecutor,
): Promise<{ urls: string[]; files: { store: string; key: string }[] }> {
  const urls = await db
    .selectFrom('products')
    .where('image_url', 'is not', null)
    .select('image_url')
    .distinct()
    .execute();
  const files = await db
    .selectFrom('products')
    .innerJoin('images', 'images.id', 'products.image_id')
    .select(['images.store', 'images.key'])
    .distinct()
    .execute();
  return { urls: urls.map((r) => r.image_url ?? '').filter((u) => u !== ''), files };
}

/**
 * Holds back writes to products and settings until the calling transaction
 * ends, and waits for those under way: what cleanup reads then is every
 * reference that exists, and none can appear before its deletions commit.
 * SQLite needs nothing: one writer at a time already.
 */
export async function lockImageReferences(db: DbExecutor, engine: DatabaseEngine): Promise<void> {
  if (engine === 'postgres') await sql`lock table products, settings in share mode`.execute(db);
}
