import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Selling offline (issue 38):
 * - `offline_sales`: every sale sent with a device-made id, so the same id answers the same sale forever (a
 *   claim row first, its sale linked in the same transaction), with what the till claimed and what was flagged;
 * - `number_blocks`: numbers of a till's own receipt series reserved in advance for its offline sales;
 * - `price_changes`: every change of a product's or variant's price, written by triggers so that no write path
 *   is missed, for checking that an offline sale's prices are ones the product had since the till synced;
 * - `offline_periods`: when a till was offline, who was signed in, how many sales it made meanwhile.
 */
export function offlineSelling(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('offline_sales')
        .addColumn('offline_id', 'text', (c) => c.primaryKey())
        // No foreign key: on PostgreSQL a counter sale's rows are written just before the commit (BeforeCommit),
        // after this link; both commit together or not at all.
        .addColumn('sale_id', 'integer', (c) => c.unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('till_id', 'integer', (c) => c.references('tills.id'))
        .addColumn('claimed_at', 'text')
        .addColumn('claimed_number', 'text')
        .addColumn('received_at', 'text', notNull)
        .addColumn('flags', 'text')
        .addColumn('handled_by', 'integer', (c) => c.references('users.id'))
        .addColumn('handled_at', 'text')
        .execute();
      await db.schema.createIndex('offline_sales_flagged').on('offline_sales').columns(['received_at']).execute();

      await withId(db.schema.createTable('number_blocks'), engine)
        .addColumn('till_id', 'integer', (c) => c.notNull().references('tills.id'))
        .addColumn('series', 'text', notNull)
        .addColumn('first_sequence', 'integer', notNull)
        .addColumn('last_sequence', 'integer', notNull)
        .addColumn('reserved_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('reserved_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('number_blocks_till').on('number_blocks').columns(['till_id', 'series']).execute();

      await withId(db.schema.createTable('price_changes'), engine)
        .addColumn('product_id', 'integer', notNull)
        .addColumn('variant_id', 'integer')
        .addColumn('old_price', 'bigint')
        .addColumn('new_price', 'bigint')
        .addColumn('changed_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('price_changes_product')
        .on('price_changes')
        .columns(['product_id', 'changed_at'])
        .execute();

      await db.schema
        .createTable('offline_periods')
        .addColumn('period_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('till_id', 'integer', (c) => c.references('tills.id'))
        .addColumn('started_at', 'text', notNull)
        .addColumn('ended_at', 'text')
        .addColumn('sales_made', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recorded_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('offline_periods_started').on('offline_periods').column('started_at').execute();

      if (engine === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`drop trigger products_price_changes on products`.execute(db);
        await sql`drop trigger product_variants_price_changes on product_variants`.execute(db);
        await sql`drop function record_price_change()`.execute(db);
      } else {
        await sql`drop trigger products_price_changes`.execute(db);
        await sql`drop trigger product_variants_price_changes`.execute(db);
      }
      await db.schema.dropTable('offline_periods').execute();
      await db.schema.dropTable('price_changes').execute();
      await db.schema.dropTable('number_blocks').execute();
      await db.schema.dropTable('offline_sales').execute();
    },
  };
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function record_price_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'products' then
        insert into price_changes (product_id, variant_id, old_price, new_price, changed_at)
          values (new.id, null, old.price, new.price, new.updated_at);
      else
        insert into price_changes (product_id, variant_id, old_price, new_price, changed_at)
          values (new.product_id, new.id, old.price, new.price, new.updated_at);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_price_changes after update of price on products
    for each row when (old.price is distinct from new.price) execute function record_price_change()`.execute(db);
  await sql`create trigger product_variants_price_changes after update of price on product_variants
    for each row when (old.price is distinct from new.price) execute function record_price_change()`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger products_price_changes after update of price on products
    when old.price is not new.price begin
      insert into price_changes (product_id, variant_id, old_price, new_price, changed_at)
        values (new.id, null, old.price, new.price, new.updated_at);
    end`.execute(db);
  await sql`create trigger product_variants_price_changes after update of price on product_variants
    when old.price is not new.price begin
      insert into price_changes (product_id, variant_id, old_price, new_price, changed_at)
        values (new.product_id, new.id, old.price, new.price, new.updated_at);
    end`.execute(db);
}
