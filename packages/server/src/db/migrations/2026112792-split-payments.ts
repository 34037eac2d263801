import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Split payment (issue 31): a bill paid by several methods. Its parts are rows of `payments` (one per
 * method, `sales.payment_method` "split"), which already held one row per sale.
 *
 * Every sale gets its payment row: a sale written without one (none should exist) gets its method and
 * total, so every sale reads back with its `payments` list from the rows.
 *
 * `refund_payments`: how much of a split sale's refund went back through each of its parts (a refund of
 * a one-method sale has none: it went back by its `refund_method`, whole).
 */
export function splitPayments(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`insert into payments (sale_id, method, amount, created_at)
        select s.id, s.payment_method, s.total, s.created_at from sales s
        where not exists (select 1 from payments p where p.sale_id = s.id)`.execute(db);
      await withId(db.schema.createTable('refund_payments'), engine)
        .addColumn('refund_id', 'integer', (c) => c.notNull().references('refunds.id').onDelete('cascade'))
        .addColumn('method', 'text', notNull)
        .addColumn('amount', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('refund_payments_refund_id').on('refund_payments').column('refund_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('refund_payments').execute();
    },
  };
}
