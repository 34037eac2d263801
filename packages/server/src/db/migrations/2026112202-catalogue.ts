import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/** Images, products (soft delete), and the stock-movement audit trail. */
export function catalogue(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One row per stored file, whichever store holds it (local disk now, Cloudinary later).
      await withId(db.schema.createTable('images'), engine)
        .addColumn('store', 'text', notNull)
        .addColumn('key', 'text', notNull)
        .addColumn('url', 'text', notNull)
        .addColumn('size_bytes', 'integer', notNull)
        .addColumn('width', 'integer', notNull)
        .addColumn('height', 'integer', notNull)
        .addColumn('content_type', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('images_store_key_unique', ['store', 'key'])
        .execute();

      await withId(db.schema.createTable('products'), engine)
        .addColumn('name', 'text', notNull)
        .addColumn('sku', 'text', notNull)
        .addColumn('barcode', 'text')
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
        // Money is integer satang.
        .addColumn('price', 'bigint', notNull)
        .addColumn('cost', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('original_price', 'bigint')
        .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
        .addColumn('image_url', 'text')
        // JSON text of string lists.
        .addColumn('sizes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('colors', 'text', (c) => c.notNull().defaultTo('[]'))
        // Name, SKU and barcode lower-cased (full Unicode) by the queries module, for search.
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addColumn('deleted_at', 'text')
        .execute();
      // SKU and barcode are unique case-insensitively among products not deleted.
      await db.schema
        .createIndex('products_sku_live_unique')
        .on('products')
        .unique()
        .expression(sql`lower(sku)`)
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('products_barcode_live_unique')
        .on('products')
        .unique()
        .expression(sql`lower(barcode)`)
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema.createIndex('products_category_id').on('products').column('category_id').execute();
      await db.schema.createIndex('products_image_id').on('products').column('image_id').execute();
      if (engine === 'postgres') await addTrigramSearchIndex(db);
      else await addSqliteSearchIndex(db);

      await withId(db.schema.createTable('stock_movements'), engine)
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // initial | edit | adjustment | sale | refund
        .addColumn('kind', 'text', notNull)
        .addColumn('old_quantity', 'integer', notNull)
        .addColumn('new_quantity', 'integer', notNull)
        .addColumn('delta', 'integer', notNull)
        .addColumn('reason', 'text')
        .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('stock_movements_product')
        .on('stock_movements')
        .columns(['product_id', 'created_at'])
        .execute();
      await db.schema.createIndex('stock_movements_user_id').on('stock_movements').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'sqlite') await sql`drop table if exists products_fts`.execute(db);
      for (const table of ['stock_movements', 'products', 'images']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

/**
 * Substring search (`search_text like '%…%'`) over many products: a trigram GIN
 * index lets PostgreSQL skip the full scan. pg_trgm ships with PostgreSQL and is
 * a trusted extension (the database owner may create it); where it cannot be
 * created the search still works, by scanning. The savepoint keeps the
 * migration's transaction usable after such a failure.
 */
async function addTrigramSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint products_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index products_search_trgm on products using gin (search_text gin_trgm_ops) where deleted_at is null`.execute(
      db,
    );
    await sql`release savepoint products_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint products_trgm`.execute(db);
  }
}

/**
 * SQLite's counterpart: an FTS5 table with the trigram tokenizer over
 * search_text (external content: it stores only the index), kept in step by
 * triggers. A phrase query of 3 or more characters finds exactly the rows
 * containing that substring, without scanning every product.
 */
async function addSqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table products_fts using fts5(search_text, content='products', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of search_text on products begin
    insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into products_fts(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db);
}
