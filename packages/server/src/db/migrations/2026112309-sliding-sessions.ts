import type { Kysely, Migration } from 'kysely';

/**
 * Sliding sessions: activity extends `expires_at` (through /auth/refresh), but
 * never past `max_expires_at`, fixed at sign-in and carried over by each refresh.
 * Sessions from before this change have none and simply end at `expires_at`.
 */
export function slidingSessions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('max_expires_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').dropColumn('max_expires_at').execute();
    },
  };
}
