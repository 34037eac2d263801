import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Receipt printers (issue 37). Print jobs are an outbox like the LINE and e-Tax ones: written in the transaction
 * of the sale they print, claimed under a lease by one worker, their outcome kept for the till. Opening the cash
 * drawer without a sale is recorded with who, when, where and why.
 */
export function printing(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('print_jobs'), engine)
        .addColumn('kind', 'text', notNull)
        .addColumn('printer_name', 'text', notNull)
        .addColumn('till_id', 'integer', (c) => c.references('tills.id'))
        .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
        .addColumn('open_drawer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', notNull)
        .addColumn('claimed_until', 'text')
        .addColumn('claim_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('print_jobs_due').on('print_jobs').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('print_jobs_till').on('print_jobs').columns(['till_id', 'id']).execute();
      await db.schema.createIndex('print_jobs_sale').on('print_jobs').column('sale_id').execute();

      await withId(db.schema.createTable('drawer_openings'), engine)
        .addColumn('till_id', 'integer', (c) => c.notNull().references('tills.id'))
        .addColumn('shift_id', 'integer', (c) => c.references('shifts.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('reason', 'text', notNull)
        .addColumn('print_job_id', 'integer', (c) => c.notNull().references('print_jobs.id'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('drawer_openings_till')
        .on('drawer_openings')
        .columns(['till_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('drawer_openings').execute();
      await db.schema.dropTable('print_jobs').execute();
    },
  };
}
