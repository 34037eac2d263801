import { uniqueCode, variantCombinations, variantSku } from '@pos/core';
import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Size × colour variants (issue 34, docs/design-variants.md): each with its own SKU, barcode, stock,
 * optional price and on/off. The style's `products.stock` stays, as the sum of its variants' stock and
 * its `unassigned_stock`: what was counted for the style before it had variants, sellable from any of
 * them until the owner counts per variant. Nothing per variant is invented:
 *
 * - a product without sizes and colours gets one variant (no size, no colour) holding its stock, SKU and
 *   barcode: it sells exactly as before; so does one with a single size and colour (a beanie in Free / ดำ),
 *   its one variant being that combination;
 * - a product with sizes and/or colours gets one variant per combination, with stock 0 and a SKU made
 *   from the style's (also its barcode, as a product's barcode defaults to its SKU), and its stock moves
 *   to `unassigned_stock`.
 *
 * Sale lines that recorded a size and colour are linked to that variant; no total changes. One code
 * space: `catalogue_codes` holds every live SKU and barcode (lower-cased) of products and variants, so
 * the database refuses a code held by anything else on both engines.
 */
export function productVariants(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('product_variants'), engine)
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('size', 'text')
        .addColumn('color', 'text')
        .addColumn('sku', 'text', notNull)
        .addColumn('barcode', 'text')
        .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
        // Satang; null sells at the style's price.
        .addColumn('price', 'bigint')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      // One variant per combination; "no size" is a value of its own.
      await db.schema
        .createIndex('product_variants_combination')
        .on('product_variants')
        .unique()
        .expression(sql`product_id, coalesce(size, ''), coalesce(color, '')`)
        .execute();

      await db.schema
        .createTable('catalogue_codes')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('catalogue_codes_product').on('catalogue_codes').column('product_id').execute();
      await db.schema.createIndex('catalogue_codes_variant').on('catalogue_codes').column('variant_id').execute();

      await db.schema
        .alterTable('products')
        .addColumn('unassigned_stock', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const table of ['stock_movements', 'sale_items'] as const) {
        await db.schema
          .alterTable(table)
          .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id').onDelete('set null'))
          .execute();
        await db.schema.createIndex(`${table}_variant_id`).on(table).column('variant_id').execute();
      }

      await giveProductsVariants(db);
      await linkSaleLines(db);
      if (engine === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`drop trigger product_variants_bump_catalogue on product_variants`.execute(db);
      } else {
        for (const name of SQLITE_TRIGGERS) await sql`drop trigger ${sql.ref(name)}`.execute(db);
      }
      for (const table of ['sale_items', 'stock_movements'] as const) {
        await db.schema.dropIndex(`${table}_variant_id`).execute();
        await db.schema.alterTable(table).dropColumn('variant_id').execute();
      }
      await db.schema.alterTable('products').dropColumn('unassigned_stock').execute();
      await db.schema.dropTable('catalogue_codes').execute();
      await db.schema.dropTable('product_variants').execute();
    },
  };
}

interface ProductRow {
  id: number;
  sku: string;
  barcode: string | null;
  stock: number;
  sizes: string;
  colors: string;
  deleted_at: string | null;
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const BATCH = 500;

async function insertInBatches(db: Kysely<unknown>, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await (db as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

async function giveProductsVariants(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  const { rows: products } = await sql<ProductRow>`select id, sku, barcode, stock, sizes, colors, deleted_at
    from products order by id`.execute(db);
  // Codes of live products first, each held by its product (a code two held, a race the old check
  // missed, stays with the first).
  const taken = new Set<string>();
  const codes: { code: string; product_id: number; variant_id: null }[] = [];
  for (const p of products) {
    if (p.deleted_at !== null) continue;
    for (const code of [p.sku, p.barcode]) {
      if (code === null || code === '' || taken.has(code.toLowerCase())) continue;
      taken.add(code.toLowerCase());
      codes.push({ code: code.toLowerCase(), product_id: p.id, variant_id: null });
    }
  }
  await insertInBatches(db, 'catalogue_codes', codes);

  const variants: Record<string, unknown>[] = [];
  const styled: { id: number; stock: number }[] = [];
  for (const p of products) {
    const lists = { sizes: parseList(p.sizes), colors: parseList(p.colors) };
    const combinations = variantCombinations(lists);
    if (combinations.length === 1) {
      variants.push(variantRow(p.id, combinations[0]!, p.sku, p.barcode, Number(p.stock), now));
      continue;
    }
    styled.push({ id: p.id, stock: Number(p.stock) });
    for (const choice of combinations) {
      // A deleted style's variants keep its history's links only: their codes hold nothing.
      const sku =
        p.deleted_at === null ? uniqueCode(variantSku(p.sku, lists, choice), taken) : variantSku(p.sku, lists, choice);
      variants.push(variantRow(p.id, choice, sku, sku, 0, now));
    }
  }
  await insertInBatches(db, 'product_variants', variants);
  for (const { id, stock } of styled) {
    await sql`update products set unassigned_stock = ${stock} where id = ${id}`.execute(db);
  }
  // The new variants' own codes (a variant sharing its product's codes leaves them held by the product).
  await sql`insert into catalogue_codes (code, product_id, variant_id)
    select lower(v.sku), v.product_id, v.id from product_variants v
    join products p on p.id = v.product_id
    where p.deleted_at is null and lower(v.sku) <> lower(p.sku) and lower(v.sku) <> lower(coalesce(p.barcode, ''))`.execute(
    db,
  );
}

function variantRow(
  productId: number,
  choice: { size: string | null; color: string | null },
  sku: string,
  barcode: string | null,
  stock: number,
  now: string,
): Record<string, unknown> {
  return {
    product_id: productId,
    size: choice.size,
    color: choice.color,
    sku,
    barcode,
    stock,
    price: null,
    active: 1,
    created_at: now,
    updated_at: now,
  };
}

/** Sale lines and stock movements find their variant: a line by its size and colour, a plain product's by its one. */
async function linkSaleLines(db: Kysely<unknown>): Promise<void> {
  await sql`update sale_items set variant_id = (
      select v.id from product_variants v
      where v.product_id = sale_items.product_id
        and coalesce(v.size, '') = coalesce(sale_items.size, '')
        and coalesce(v.color, '') = coalesce(sale_items.color, ''))
    where product_id is not null`.execute(db);
  await sql`update stock_movements set variant_id = (
      select v.id from product_variants v
      where v.product_id = stock_movements.product_id and v.size is null and v.color is null)`.execute(db);
}

/** A variant's write changes the till's list as a product's does (migration 2026112641-catalogue-version). */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create constraint trigger product_variants_bump_catalogue after insert or update or delete
    on product_variants deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(
    db,
  );
}

const SQLITE_TRIGGERS = [
  'product_variants_insert_bumps_catalogue',
  'product_variants_update_bumps_catalogue',
  'product_variants_delete_bumps_catalogue',
] as const;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const bump = sql`update catalogue_version set version = version + 1 where id = 1;`;
  await sql`create trigger product_variants_insert_bumps_catalogue after insert on product_variants begin ${bump} end`.execute(
    db,
  );
  await sql`create trigger product_variants_update_bumps_catalogue after update on product_variants begin ${bump} end`.execute(
    db,
  );
  await sql`create trigger product_variants_delete_bumps_catalogue after delete on product_variants begin ${bump} end`.execute(
    db,
  );
}
