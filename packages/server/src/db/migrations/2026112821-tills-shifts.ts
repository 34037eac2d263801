import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Tills, shifts and the cash drawer (issue 35, docs/design-shifts.md). A till is a named counter with a
 * drawer; a shift is one opening and closing of its drawer. At most one open shift per till is the
 * database's rule (a partial unique index on both engines), so two opens racing cannot both win. A sale
 * and a refund name the till and shift they were made in; the shift's cash is derived from the payments
 * and refunds they already record, and from its pay-ins and pay-outs. Money in satang.
 */
export function tillsShifts(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('tills'), engine)
        .addColumn('name', 'text', notNull)
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('tills_name')
        .on('tills')
        .unique()
        .expression(sql`lower(name)`)
        .execute();

      await withId(db.schema.createTable('shifts'), engine)
        .addColumn('till_id', 'integer', (c) => c.notNull().references('tills.id'))
        .addColumn('status', 'text', notNull)
        .addColumn('opened_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('opened_at', 'text', notNull)
        .addColumn('opening_float', 'bigint', notNull)
        // JSON [{ satang, count }], null when a total was typed.
        .addColumn('opening_count', 'text')
        .addColumn('closed_by', 'integer', (c) => c.references('users.id'))
        .addColumn('closed_at', 'text')
        .addColumn('expected_cash', 'bigint')
        .addColumn('counted_cash', 'bigint')
        .addColumn('counted_count', 'text')
        .addColumn('difference', 'bigint')
        .addColumn('difference_approved_by', 'integer', (c) => c.references('users.id'))
        .addColumn('close_note', 'text')
        // The Z report as computed at close (JSON, baht as the API answers it): a closed shift is final.
        .addColumn('z_report', 'text')
        .execute();
      await db.schema
        .createIndex('shifts_one_open_per_till')
        .on('shifts')
        .column('till_id')
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      await db.schema.createIndex('shifts_till_opened').on('shifts').columns(['till_id', 'opened_at']).execute();
      await db.schema.createIndex('shifts_opened_at').on('shifts').column('opened_at').execute();

      await withId(db.schema.createTable('shift_cash_movements'), engine)
        .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id'))
        .addColumn('type', 'text', notNull)
        .addColumn('amount', 'bigint', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('shift_cash_movements_shift').on('shift_cash_movements').column('shift_id').execute();

      await db.schema
        .alterTable('sales')
        .addColumn('till_id', 'integer', (c) => c.references('tills.id'))
        .execute();
      await db.schema
        .alterTable('sales')
        .addColumn('shift_id', 'integer', (c) => c.references('shifts.id'))
        .execute();
      await db.schema.createIndex('sales_shift_id').on('sales').column('shift_id').execute();
      await db.schema.createIndex('sales_till_id').on('sales').columns(['till_id', 'created_at']).execute();
      await db.schema
        .alterTable('refunds')
        .addColumn('shift_id', 'integer', (c) => c.references('shifts.id'))
        .execute();
      await db.schema.createIndex('refunds_shift_id').on('refunds').column('shift_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('refunds_shift_id').execute();
      await db.schema.alterTable('refunds').dropColumn('shift_id').execute();
      await db.schema.dropIndex('sales_till_id').execute();
      await db.schema.dropIndex('sales_shift_id').execute();
      await db.schema.alterTable('sales').dropColumn('shift_id').execute();
      await db.schema.alterTable('sales').dropColumn('till_id').execute();
      await db.schema.dropTable('shift_cash_movements').execute();
      await db.schema.dropTable('shifts').execute();
      await db.schema.dropTable('tills').execute();
    },
  };
}
