import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Customers (soft delete; points and totals owned by the server, changed only
 * by sales and refunds) and the index that serves a customer's history.
 */
export function customers(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('customers'), engine)
        .addColumn('name', 'text', notNull)
        // Digits only, domestic form: 0812345678.
        .addColumn('phone', 'text', notNull)
        .addColumn('email', 'text')
        .addColumn('address', 'text')
        .addColumn('loyalty_points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_purchases', 'integer', (c) => c.notNull().defaultTo(0))
        // Satang.
        .addColumn('total_spent', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_purchase', 'text')
        // Name, e-mail and phone lower-cased (full Unicode) by the queries module, for search.
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addColumn('deleted_at', 'text')
        .execute();
      // One live customer per phone number; a deleted customer's number may be reused.
      await db.schema
        .createIndex('customers_phone_live_unique')
        .on('customers')
        .unique()
        .column('phone')
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema.createIndex('sales_customer_id').on('sales').columns(['customer_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sales_customer_id').execute();
      await db.schema.dropTable('customers').execute();
    },
  };
}
