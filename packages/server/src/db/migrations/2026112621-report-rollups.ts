import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull } from './column-types';

/**
 * Per-day totals for reports and the dashboard (issue 15), kept by the transactions that write sales
 * and refunds (`features/reports/rollups.*`), so a year's figures add up ~365 rows instead of reading
 * every sale and line:
 * - `report_days`: per shop day and payment method, gross, counted orders, refunds and units kept;
 * - `report_product_days`: per shop day and product name, units kept and their value (best sellers);
 * - `report_customer_days`: per shop day, the customers with a counted sale (unique customers);
 * - `report_rollup_state`: the time zone whose days the rows are keyed by. It starts empty, which makes
 *   the server's start-up build them from every sale and refund already there (the same code that
 *   rebuilds them when `SHOP_TIMEZONE` changes), before it answers anything.
 */
export function reportRollups(engine: DatabaseEngine): Migration {
  // SQLite: the rows stored in primary-key order, so a range of days is one sequential read with no
  // look-up per row (PostgreSQL reads its heap pages of the range the same way for these small rows).
  const clustered = <T extends string>(table: CreateTableBuilder<T, never>) =>
    engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;
  return {
    async up(db: Kysely<unknown>) {
      await clustered(db.schema.createTable('report_days'))
        .addColumn('day', 'text', notNull)
        .addColumn('payment_method', 'text', notNull)
        .addColumn('gross', 'bigint', notNull)
        .addColumn('orders', 'integer', notNull)
        .addColumn('refunded', 'bigint', notNull)
        .addColumn('refunds', 'integer', notNull)
        .addColumn('units', 'integer', notNull)
        .addPrimaryKeyConstraint('report_days_pkey', ['day', 'payment_method'])
        .execute();
      await clustered(db.schema.createTable('report_product_days'))
        .addColumn('day', 'text', notNull)
        .addColumn('product_name', 'text', notNull)
        .addColumn('product_id', 'integer')
        .addColumn('quantity', 'integer', notNull)
        .addColumn('revenue', 'bigint', notNull)
        .addPrimaryKeyConstraint('report_product_days_pkey', ['day', 'product_name'])
        .execute();
      await clustered(db.schema.createTable('report_customer_days'))
        .addColumn('day', 'text', notNull)
        .addColumn('customer_id', 'integer', notNull)
        .addColumn('orders', 'integer', notNull)
        .addPrimaryKeyConstraint('report_customer_days_pkey', ['day', 'customer_id'])
        .execute();
      await db.schema
        .createTable('report_rollup_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('time_zone', 'text')
        .execute();
      await sql`insert into report_rollup_state (id, time_zone) values (1, null)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['report_rollup_state', 'report_customer_days', 'report_product_days', 'report_days']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
