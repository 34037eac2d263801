import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull } from './column-types';

/**
 * Best sellers per month as well as per day (`report_product_months`, kept beside
 * `report_product_days` by the same transactions): a year's best sellers add up 12 months of rows
 * instead of 365 days of them, whatever the number of products. Filled from the day rows already
 * there (empty when the rollups are not built yet: the start-up builds both).
 */
export function reportRollupsMonths(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema
        .createTable('report_product_months')
        .addColumn('month', 'text', notNull)
        .addColumn('product_name', 'text', notNull)
        .addColumn('product_id', 'integer')
        .addColumn('quantity', 'integer', notNull)
        .addColumn('revenue', 'bigint', notNull)
        .addPrimaryKeyConstraint('report_product_months_pkey', ['month', 'product_name']);
      // As the day tables: stored in key order on SQLite.
      await (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
      await sql`insert into report_product_months (month, product_name, product_id, quantity, revenue)
        select substr(day, 1, 7), product_name, max(product_id), sum(quantity), sum(revenue)
        from report_product_days group by substr(day, 1, 7), product_name`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('report_product_months').execute();
    },
  };
}
