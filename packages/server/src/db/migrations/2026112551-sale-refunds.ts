import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

const OLD_REFUND_COLUMNS = [
  'id',
  'sale_id',
  'reason',
  'amount',
  'refund_method',
  'edit_reason',
  'edit_details',
  'refunded_by',
  'created_at',
];

/**
 * Refunds by line and quantity, several per sale: `refunds` loses its one-refund-per-sale unique
 * constraint (rebuilt the same way on both engines, rows kept), gains the credit note number, who
 * edited and when, and the points moved back; `refund_items` holds the units each refund returned.
 * Indexes for the sales history: newest first by date (keyset pages), and the refunds of a sale.
 */
export function saleRefunds(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('refunds_rebuilt'), engine)
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        .addColumn('reason', 'text', notNull)
        .addColumn('amount', 'bigint', notNull)
        .addColumn('refund_method', 'text', notNull)
        .addColumn('edit_reason', 'text')
        .addColumn('edit_details', 'text')
        .addColumn('edited_by', 'integer', (c) => c.references('users.id'))
        .addColumn('edited_at', 'text')
        .addColumn('refunded_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('credit_note_number', 'text', (c) => c.unique())
        .addColumn('points_taken_back', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points_returned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points_shortfall', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const columns = sql.join(OLD_REFUND_COLUMNS.map((c) => sql.ref(c)));
      await sql`insert into refunds_rebuilt (${columns}) select ${columns} from refunds`.execute(db);
      await db.schema.dropTable('refunds').execute();
      await db.schema.alterTable('refunds_rebuilt').renameTo('refunds').execute();
      if (engine === 'postgres') {
        // Copied ids do not move the identity; the next refund must come after them.
        await sql`select setval(pg_get_serial_sequence('refunds', 'id'), coalesce(max(id), 0) + 1, false)
          from refunds`.execute(db);
      }
      await db.schema.createIndex('refunds_sale_id').on('refunds').column('sale_id').execute();

      await withId(db.schema.createTable('refund_items'), engine)
        .addColumn('refund_id', 'integer', (c) => c.notNull().references('refunds.id'))
        .addColumn('sale_item_id', 'integer', (c) => c.notNull().references('sale_items.id'))
        .addColumn('quantity', 'integer', notNull)
        .addColumn('amount', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('refund_items_refund_id').on('refund_items').column('refund_id').execute();
      await db.schema.createIndex('refund_items_sale_item_id').on('refund_items').column('sale_item_id').execute();

      await db.schema.createIndex('sales_created_at_id').on('sales').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('sales_status_created_at').on('sales').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('stock_movements_sale_id').on('stock_movements').column('sale_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of ['stock_movements_sale_id', 'sales_status_created_at', 'sales_created_at_id']) {
        await db.schema.dropIndex(index).execute();
      }
      await db.schema.dropTable('refund_items').execute();
      // Back to one refund per sale: only the first refund of each sale fits the old shape.
      await withId(db.schema.createTable('refunds_old'), engine)
        .addColumn('sale_id', 'integer', (c) => c.notNull().unique().references('sales.id'))
        .addColumn('reason', 'text', notNull)
        .addColumn('amount', 'bigint', notNull)
        .addColumn('refund_method', 'text', notNull)
        .addColumn('edit_reason', 'text')
        .addColumn('edit_details', 'text')
        .addColumn('refunded_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      const columns = sql.join(OLD_REFUND_COLUMNS.map((c) => sql.ref(c)));
      await sql`insert into refunds_old (${columns}) select ${columns} from refunds
        where id in (select min(id) from refunds group by sale_id)`.execute(db);
      await db.schema.dropTable('refunds').execute();
      await db.schema.alterTable('refunds_old').renameTo('refunds').execute();
    },
  };
}
