import type { Kysely, Migration } from 'kysely';

/** Idempotency keys are purged by age (IDEMPOTENCY_RETENTION_DAYS): the purge finds them by created_at. */
export function idempotencyKeyAge(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('idempotency_keys_created_at').execute();
    },
  };
}
