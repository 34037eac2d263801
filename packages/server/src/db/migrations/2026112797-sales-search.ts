import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';

/**
 * Sales-history search by index (issue 32): "contains" over the document number, the sale's customer
 * name, and its lines' product names and SKUs read every sale and line (6-10 s over 1,000,000 sales).
 * These indexes find what a term of 3 or more characters matches; what a search finds is unchanged
 * (sales.queries.ts, `searchCondition`).
 *
 * SQLite: an FTS5 table with the trigram tokenizer over the sales' two columns (contentless: only the
 * index is stored), and a table of the names and SKUs each product was sold under, both kept in step
 * by triggers so that every writer (a sale, the demo's bulk writer) keeps them, and filled here from the
 * rows already there.
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
        for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
        await sql`drop table sales_search`.execute(db);
        await sql`drop table sale_line_names`.execute(db);
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
    // Statistics of the indexed expressions, which the planner has only after ANALYZE: without them it
    // guessed 200 matches for any term and chose parallel plans (a document number's tail: 243 → 31 ms
    // p50 over 1,000,000 sales once analysed). ~5 s at that size.
    await sql`analyze sales`.execute(db);
    await sql`analyze sale_items`.execute(db);
    await sql`release savepoint sales_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint sales_trgm`.execute(db);
  }
}

const SQLITE_TRIGGERS = [
  'sales_search_insert',
  'sales_search_delete',
  'sales_search_update',
  'sale_line_names_insert',
  'sale_line_names_update',
];

async function sqliteIndexes(db: Kysely<unknown>): Promise<void> {
  // The lower-cased text (SQLite's lower(): ASCII only), matched case-sensitively: a phrase query for the
  // lower-cased term finds exactly the rows lower(column) LIKE '%term%' finds, with no look-up of the
  // sale to compare. Contentless (the text is in sales) and without column sizes (no ranking): only the
  // index is stored; a row is taken out by FTS5's 'delete' command with the text it was indexed with.
  await sql`create virtual table sales_search using fts5(document_number, customer_name,
    content='', columnsize=0, tokenize='trigram case_sensitive 1')`.execute(db);
  const values = (row: 'new' | 'old') =>
    sql.raw(`${row}.id, lower(${row}.document_number), lower(coalesce(${row}.customer_name, ''))`);
  await sql`create trigger sales_search_insert after insert on sales begin
    insert into sales_search(rowid, document_number, customer_name) values (${values('new')});
  end`.execute(db);
  await sql`create trigger sales_search_delete after delete on sales begin
    insert into sales_search(sales_search, rowid, document_number, customer_name) values ('delete', ${values('old')});
  end`.execute(db);
  await sql`create trigger sales_search_update after update of document_number, customer_name on sales begin
    insert into sales_search(sales_search, rowid, document_number, customer_name) values ('delete', ${values('old')});
    insert into sales_search(rowid, document_number, customer_name) values (${values('new')});
  end`.execute(db);

  // The lines: an FTS5 row per line cost a sale ~250 µs of CPU (its product names' trigrams are in
  // most lines); instead each product's names and SKUs as sold, one row each (a few per product, and
  // no write once known), found by scanning this small table, then their lines by product id.
  await sql`create table sale_line_names (
    product_id integer not null, product_name text not null, sku text not null,
    primary key (product_id, product_name, sku)) without rowid`.execute(db);
  await sql`insert or ignore into sale_line_names (product_id, product_name, sku)
    select distinct coalesce(product_id, 0), product_name, coalesce(sku, '') from sale_items`.execute(db);
  await sql`create trigger sale_line_names_insert after insert on sale_items begin
    insert or ignore into sale_line_names (product_id, product_name, sku)
      values (coalesce(new.product_id, 0), new.product_name, coalesce(new.sku, ''));
  end`.execute(db);
  await sql`create trigger sale_line_names_update after update of product_id, product_name, sku on sale_items begin
    insert or ignore into sale_line_names (product_id, product_name, sku)
      values (coalesce(new.product_id, 0), new.product_name, coalesce(new.sku, ''));
  end`.execute(db);

  // The sales already there, read from the table in one pass.
  await sql`insert into sales_search(rowid, document_number, customer_name)
    select id, lower(document_number), lower(coalesce(customer_name, '')) from sales`.execute(db);
}
