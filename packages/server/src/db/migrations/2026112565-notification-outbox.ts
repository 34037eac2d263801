import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * The notification outbox: a LINE message written in the same transaction as the sale it tells
 * of, then sent by a background worker (claimed with a lease so one process sends it, retried
 * with backoff). Finished rows are pruned by `finished_at`.
 */
export function notificationOutbox(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('notification_outbox'), engine)
        .addColumn('kind', 'text', notNull)
        .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
        .addColumn('message', 'text', notNull)
        .addColumn('retry_key', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', notNull)
        .addColumn('claimed_until', 'text')
        .addColumn('claim_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema
        .createIndex('notification_outbox_due')
        .on('notification_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('notification_outbox_finished_at')
        .on('notification_outbox')
        .column('finished_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('notification_outbox').execute();
    },
  };
}
