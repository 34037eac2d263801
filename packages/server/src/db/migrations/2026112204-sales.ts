import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Selling: the rest of the sale head, the frozen copy of each line, payments,
 * refunds, idempotency keys and the document-number counters.
 */
export function sales(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sales')
        .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('cash'))
        .execute();
      // VAT rate in basis points (7 % = 700) as it was when sold.
      await db.schema
        .alterTable('sales')
        .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('sales').addColumn('customer_name', 'text').execute();
      await db.schema.alterTable('sales').addColumn('final_loyalty_points', 'integer').execute();
      // A refunded sale is replaced at most once, even by two tills at the same moment.
      await db.schema
        .createIndex('sales_replaces_sale_id_unique')
        .on('sales')
        .unique()
        .column('replaces_sale_id')
        .where(sql.ref('replaces_sale_id'), 'is not', null)
        .execute();

      await withId(db.schema.createTable('sale_items'), engine)
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id').onDelete('cascade'))
        // Kept for reports; the product may later be deleted, the copy below stays.
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('product_name', 'text', notNull)
        .addColumn('sku', 'text')
        .addColumn('barcode', 'text')
        .addColumn('category', 'text')
        .addColumn('price', 'bigint', notNull)
        .addColumn('quantity', 'integer', notNull)
        .addColumn('line_total', 'bigint', notNull)
        .addColumn('sizes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('colors', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.createIndex('sale_items_sale_id').on('sale_items').column('sale_id').execute();
      await db.schema.createIndex('sale_items_product_id').on('sale_items').column('product_id').execute();

      await withId(db.schema.createTable('payments'), engine)
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id').onDelete('cascade'))
        .addColumn('method', 'text', notNull)
        .addColumn('amount', 'bigint', notNull)
        .addColumn('cash_received', 'bigint')
        .addColumn('change_given', 'bigint')
        .addColumn('reference', 'text')
        .addColumn('provider_session_id', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('payments_sale_id').on('payments').column('sale_id').execute();

      await withId(db.schema.createTable('refunds'), engine)
        .addColumn('sale_id', 'integer', (c) => c.notNull().unique().references('sales.id'))
        .addColumn('reason', 'text', notNull)
        .addColumn('amount', 'bigint', notNull)
        .addColumn('refund_method', 'text', notNull)
        .addColumn('edit_reason', 'text')
        .addColumn('edit_details', 'text')
        .addColumn('refunded_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', notNull)
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('request_hash', 'text', notNull)
        .addColumn('status_code', 'integer')
        .addColumn('response', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();

      await db.schema
        .createTable('document_counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', notNull)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['document_counters', 'idempotency_keys', 'refunds', 'payments', 'sale_items']) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.dropIndex('sales_replaces_sale_id_unique').execute();
      for (const column of ['final_loyalty_points', 'customer_name', 'tax_rate_bp', 'payment_method']) {
        await db.schema.alterTable('sales').dropColumn(column).execute();
      }
    },
  };
}
