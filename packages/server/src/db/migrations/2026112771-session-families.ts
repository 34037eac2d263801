import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Refresh-token families (issue 30): every session started by one sign-in shares its `family`, and
 * `rotated_at` marks a session whose token a refresh has replaced. Refreshing a rotated token again
 * is reuse and ends the family; signing out ends it too. Each session from before is a family of
 * its own (its id as text; new families are random hex and never look like that).
 */
export function sessionFamilies(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sessions')
        .addColumn('family', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('sessions').addColumn('rotated_at', 'text').execute();
      await sql`update sessions set family = cast(id as text)`.execute(db);
      await db.schema.createIndex('sessions_family').on('sessions').column('family').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sessions_family').execute();
      await db.schema.alterTable('sessions').dropColumn('rotated_at').execute();
      await db.schema.alterTable('sessions').dropColumn('family').execute();
    },
  };
}
