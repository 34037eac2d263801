import type { Kysely, Migration } from 'kysely';

/**
 * Every document on the receipt printer (issue 37): a job may print a refund's credit note or a shift's report,
 * and a USB or serial printer's job is sent by the till's browser instead of the server's worker.
 */
export function printDocuments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('print_jobs')
        .addColumn('transport', 'text', (c) => c.notNull().defaultTo('server'))
        .execute();
      await db.schema
        .alterTable('print_jobs')
        .addColumn('refund_id', 'integer', (c) => c.references('refunds.id'))
        .execute();
      await db.schema
        .alterTable('print_jobs')
        .addColumn('shift_id', 'integer', (c) => c.references('shifts.id'))
        .execute();
      await db.schema.createIndex('print_jobs_refund').on('print_jobs').column('refund_id').execute();
      await db.schema.createIndex('print_jobs_shift').on('print_jobs').column('shift_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('print_jobs_shift').execute();
      await db.schema.dropIndex('print_jobs_refund').execute();
      await db.schema.alterTable('print_jobs').dropColumn('shift_id').execute();
      await db.schema.alterTable('print_jobs').dropColumn('refund_id').execute();
      await db.schema.alterTable('print_jobs').dropColumn('transport').execute();
    },
  };
}
