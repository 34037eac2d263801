import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';

/**
 * Sales-history search by index (issue 32): "contains" over the document number, the sale's customer
 * name, and its lines' product names and SKUs read every sale and line (6-10 s over 1,000,000 sales).
 * These indexes find the candidates for a term of 3 or more characters; the search still applies its
 * LIKE conditions to them, so what it finds is unchanged (sales.queries.ts, `searchedSaleIds`).
 *
 * SQLite: FTS5 tables with the trigram tokenizer over the sales' and the lines' columns (external
 * content: only the index is stored), kept in step by triggers so that every writer (a sale, the demo's
 * bulk writer) keeps them, and built here from the rows already there.
 *
 * PostgreSQL: pg_trgm GIN indexes on the very expressions the search compares, which serve its LIKE
 * directly. pg_trgm is a trusted extension (the database owner may create it); where it cannot be
 * created the search still works, by scanning, as before. The savepoint keeps the migration's
 * transaction usable after such a failure.
 */
export function salesSearch(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') await postgresIndexes(db);
      else await sqliteIndexes(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        for (const index of POSTGRES_INDEXES) await sql`drop index if exists ${sql.ref(index)}`.execute(db);
      } else {
        await sql`drop table sales_search`.execute(db);
        await sql`drop table sale_items_search`.execute(db);
        for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
      }
    },
  };
}

const POSTGRES_INDEXES = [
  'sales_document_number_trgm',
  'sales_customer_name_trgm',
  'sale_items_product_name_trgm',
  'sale_items_sku_trgm',
];

async function postgresIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint sales_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index sales_document_number_trgm on sales using gin (lower(document_number) gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index sales_customer_name_trgm on sales
      using gin (lower(coalesce(customer_name, '')) gin_trgm_ops)`.execute(db);
    await sql`create index sale_items_product_name_trgm on sale_items
      using gin (lower(product_name) gin_trgm_ops)`.execute(db);
    await sql`create index sale_items_sku_trgm on sale_items using gin (lower(coalesce(sku, '')) gin_trgm_ops)`.execute(
      db,
    );
    await sql`release savepoint sales_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint sales_trgm`.execute(db);
  }
}

const SQLITE_TRIGGERS = [
  'sales_search_insert',
  'sales_search_delete',
  'sales_search_update',
  'sale_items_search_insert',
  'sale_items_search_delete',
  'sale_items_search_update',
];

async function sqliteIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table sales_search using fts5(document_number, customer_name,
    content='sales', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger sales_search_insert after insert on sales begin
    insert into sales_search(rowid, document_number, customer_name)
      values (new.id, new.document_number, new.customer_name);
  end`.execute(db);
  await sql`create trigger sales_search_delete after delete on sales begin
    insert into sales_search(sales_search, rowid, document_number, customer_name)
      values ('delete', old.id, old.document_number, old.customer_name);
  end`.execute(db);
  await sql`create trigger sales_search_update after update of document_number, customer_name on sales begin
    insert into sales_search(sales_search, rowid, document_number, customer_name)
      values ('delete', old.id, old.document_number, old.customer_name);
    insert into sales_search(rowid, document_number, customer_name)
      values (new.id, new.document_number, new.customer_name);
  end`.execute(db);

  await sql`create virtual table sale_items_search using fts5(product_name, sku,
    content='sale_items', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger sale_items_search_insert after insert on sale_items begin
    insert into sale_items_search(rowid, product_name, sku) values (new.id, new.product_name, new.sku);
  end`.execute(db);
  await sql`create trigger sale_items_search_delete after delete on sale_items begin
    insert into sale_items_search(sale_items_search, rowid, product_name, sku)
      values ('delete', old.id, old.product_name, old.sku);
  end`.execute(db);
  await sql`create trigger sale_items_search_update after update of product_name, sku on sale_items begin
    insert into sale_items_search(sale_items_search, rowid, product_name, sku)
      values ('delete', old.id, old.product_name, old.sku);
    insert into sale_items_search(rowid, product_name, sku) values (new.id, new.product_name, new.sku);
  end`.execute(db);

  // The rows already there, read from the tables in one pass each.
  await sql`insert into sales_search(sales_search) values ('rebuild')`.execute(db);
  await sql`insert into sale_items_search(sale_items_search) values ('rebuild')`.execute(db);
}
