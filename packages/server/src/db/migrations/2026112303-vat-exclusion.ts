import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Who excluded VAT on a sale and who approved it, and the single-use approval
 * tokens a user holding pos_refund issues at the till.
 */
export function vatExclusion(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sales')
        .addColumn('vat_excluded_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await db.schema
        .alterTable('sales')
        .addColumn('vat_exclusion_approved_by', 'integer', (c) => c.references('users.id'))
        .execute();
      // Until now only the seller could tick the box, so the seller excluded VAT on earlier sales.
      await sql`update sales set vat_excluded_by = created_by where exclude_vat = 1`.execute(db);

      await withId(db.schema.createTable('sale_approvals'), engine)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('purpose', 'text', notNull)
        .addColumn('approver_id', 'integer', (c) => c.notNull().references('users.id'))
        // The cashier who asked: only their sale may use it.
        .addColumn('requested_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('used_at', 'text')
        .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sale_approvals').execute();
      for (const column of ['vat_exclusion_approved_by', 'vat_excluded_by']) {
        await db.schema.alterTable('sales').dropColumn(column).execute();
      }
    },
  };
}
