import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';

/**
 * A number that changes whenever the till's product list may have (issue 10 item 6): every write to a
 * product (create, edit, delete, stock adjustment, sale, refund, card sale) and to a category (its name
 * is on the list). The server keeps the list's answer in memory under this number and reads only the
 * number per request, so with several server processes on one database each learns of the others'
 * writes. Triggers bump it, so no write path (the demo seeder, a bench's bulk insert, a future
 * feature) can forget to.
 *
 * PostgreSQL: a deferred constraint trigger, so the counter row is locked at commit, after every other
 * lock the transaction takes (a bump in the middle of a sale could deadlock with a product edit
 * holding the sale's next product and waiting for the counter), and once per transaction (a
 * transaction-local setting remembers it was done). SQLite: plain row triggers; its write
 * transaction already serialises every writer.
 */
export function catalogueVersion(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('catalogue_version')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('version', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into catalogue_version (id, version) values (1, 1)`.execute(db);
      if (engine === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`drop trigger products_bump_catalogue on products`.execute(db);
        await sql`drop trigger categories_bump_catalogue on categories`.execute(db);
        await sql`drop function bump_catalogue_version()`.execute(db);
      } else {
        for (const name of SQLITE_TRIGGERS) await sql`drop trigger ${sql.ref(name)}`.execute(db);
      }
      await db.schema.dropTable('catalogue_version').execute();
    },
  };
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      if current_setting('pos.catalogue_bumped', true) is distinct from '1' then
        update catalogue_version set version = version + 1 where id = 1;
        perform set_config('pos.catalogue_bumped', '1', true);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger products_bump_catalogue after insert or update or delete on products
    deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
  await sql`create constraint trigger categories_bump_catalogue after update or delete on categories
    deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
}

const SQLITE_TRIGGERS = [
  'products_insert_bumps_catalogue',
  'products_update_bumps_catalogue',
  'products_delete_bumps_catalogue',
  'categories_update_bumps_catalogue',
  'categories_delete_bumps_catalogue',
] as const;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const bump = sql`update catalogue_version set version = version + 1 where id = 1;`;
  await sql`create trigger products_insert_bumps_catalogue after insert on products begin ${bump} end`.execute(db);
  await sql`create trigger products_update_bumps_catalogue after update on products begin ${bump} end`.execute(db);
  await sql`create trigger products_delete_bumps_catalogue after delete on products begin ${bump} end`.execute(db);
  await sql`create trigger categories_update_bumps_catalogue after update on categories begin ${bump} end`.execute(db);
  await sql`create trigger categories_delete_bumps_catalogue after delete on categories begin ${bump} end`.execute(db);
}
