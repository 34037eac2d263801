import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Sign-in throttling moves from one row per failure to one counter per key
 * (username and address, address, username), so that claiming an attempt is a
 * single atomic upsert that parallel requests and server processes cannot race.
 * Failures recorded under the old scheme only lasted 15 minutes; they are dropped.
 */
export function loginThrottle(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', notNull)
        .addColumn('window_started_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('login_throttle_window_started_at')
        .on('login_throttle')
        .column('window_started_at')
        .execute();
      await db.schema.dropTable('login_attempts').execute();
    },
    async down(db: Kysely<unknown>) {
      await withId(db.schema.createTable('login_attempts'), engine)
        .addColumn('username', 'text', notNull)
        .addColumn('address', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('login_attempts_username')
        .on('login_attempts')
        .columns(['username', 'created_at'])
        .execute();
      await db.schema
        .createIndex('login_attempts_address')
        .on('login_attempts')
        .columns(['address', 'created_at'])
        .execute();
      await db.schema.dropTable('login_throttle').execute();
    },
  };
}
