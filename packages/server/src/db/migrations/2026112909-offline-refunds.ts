import type { Kysely, Migration } from 'kysely';
import { notNull } from './column-types';

/**
 * Refunds made offline (issue 38): every refund sent with a device-made id, so the same id answers the same refund
 * forever, with what the till claimed (time, credit note number, the money it handed back) and what was flagged. A
 * refund the sale could no longer take (refunded elsewhere meanwhile) keeps its request here, unrecorded, for a
 * manager: the till printed it and paid the money back, so it is never dropped.
 */
export function offlineRefunds(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('offline_refunds')
        .addColumn('offline_id', 'text', (c) => c.primaryKey())
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        // Null while claimed inside the refund's transaction, and for a refund kept unrecorded.
        .addColumn('refund_id', 'integer', (c) => c.unique().references('refunds.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('till_id', 'integer', (c) => c.references('tills.id'))
        .addColumn('claimed_at', 'text', notNull)
        .addColumn('claimed_number', 'text')
        // Satang the till handed back, as it worked it out (what a manager settles for a refund kept unrecorded).
        .addColumn('claimed_amount', 'bigint', notNull)
        .addColumn('request', 'text', notNull)
        .addColumn('received_at', 'text', notNull)
        .addColumn('flags', 'text')
        .addColumn('handled_by', 'integer', (c) => c.references('users.id'))
        .addColumn('handled_at', 'text')
        .execute();
      await db.schema.createIndex('offline_refunds_received').on('offline_refunds').column('received_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('offline_refunds').execute();
    },
  };
}
