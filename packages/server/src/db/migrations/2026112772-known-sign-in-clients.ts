import type { Kysely, Migration } from 'kysely';
import { notNull } from './column-types';

/**
 * Devices and addresses each user signed in from (issue 30): the sign-in throttle lets them keep
 * their own allowance while a username's guesses from everywhere else are bounded. `client` is
 * `device:<sha256 of the device cookie>` or `address:<client address>`.
 */
export function knownSignInClients(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('known_sign_in_clients')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client', 'text', notNull)
        .addColumn('last_success_at', 'text', notNull)
        .addPrimaryKeyConstraint('known_sign_in_clients_pkey', ['user_id', 'client'])
        .execute();
      await db.schema
        .createIndex('known_sign_in_clients_last_success_at')
        .on('known_sign_in_clients')
        .column('last_success_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('known_sign_in_clients').execute();
    },
  };
}
