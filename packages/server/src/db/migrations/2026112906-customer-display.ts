import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * The customer display (issue 37). A till shows a short pairing code (kept hashed, good for minutes, used once);
 * the display that enters it gets a key of its own (hashed) that reads that till's screen only. Each till's
 * screen state is kept in one row with a version, so a display served by another server process sees changes.
 */
export function customerDisplay(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('display_pairings'), engine)
        .addColumn('till_id', 'integer', (c) => c.notNull().references('tills.id'))
        .addColumn('code_hash', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('display_pairings_code').on('display_pairings').column('code_hash').execute();

      await withId(db.schema.createTable('display_sessions'), engine)
        .addColumn('till_id', 'integer', (c) => c.notNull().references('tills.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', notNull)
        .addColumn('revoked_at', 'text')
        .execute();

      await db.schema
        .createTable('till_displays')
        .addColumn('till_id', 'integer', (c) => c.primaryKey().references('tills.id'))
        .addColumn('state', 'text', notNull)
        .addColumn('version', 'integer', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('till_displays').execute();
      await db.schema.dropTable('display_sessions').execute();
      await db.schema.dropTable('display_pairings').execute();
    },
  };
}
