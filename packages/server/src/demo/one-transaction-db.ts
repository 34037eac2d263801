import { CompiledQuery, Kysely, PostgresDialect, type Driver } from 'kysely';
import pg from 'pg';
import { POSTGRES_TYPES, type Db } from '../db/database';
import { workThenBatches } from '../db/before-commit';
import type { DB } from '../db/schema';

/** A PostgreSQL database seen through one transaction that is committed, or rolled back, as a whole. */
export interface OneTransactionDb {
  db: Db;
  /** Makes everything written through `db` visible at once. */
  commit(): Promise<void>;
  /** Rolls back unless committed, and closes the connection. */
  close(): Promise<void>;
}

/** The savepoint each service transaction runs in. Transactions never nest: one connection, taken in turn. */
const STEP = 'demo_step';

/**
 * One connection, inside one transaction, for a run that must leave all or nothing (the demo shop). The
 * services' own transactions become savepoints of it: a refusal rolls back only its own writes, as it
 * would alone. If the process dies, PostgreSQL drops the connection and with it every write. Like
 * SQLite's one connection, it is handed to one user at a time; a service must not query outside its
 * transaction while in one (none does: it would wait forever on SQLite too).
 */
export async function openOneTransaction(databaseUrl: string): Promise<OneTransactionDb> {
  const client = new pg.Client({ connectionString: databaseUrl, types: POSTGRES_TYPES });
  let failure: unknown;
  // A dropped connection is reported by the next query; without a listener it would crash the process.
  client.on('error', (error) => {
    failure ??= error;
  });
  await client.connect();
  await client.query('begin');
  // Each statement parsed and planned once: a run sends a few hundred distinct ones some 60,000 times,
  // and PostgreSQL's parse and plan were a quarter of its time.
  const names = new Map<string, string>();
  const prepared = (text: string, values?: unknown[]) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `demo_${names.size}`;
      names.set(text, name);
    }
    return client.query({ name, text, values });
  };
  let turn: Promise<void> = Promise.resolve();
  const lent = { query: prepared, release: () => {} };
  const pool = {
    async connect() {
      if (failure) throw failure;
      const previous = turn;
      let release!: () => void;
      turn = new Promise((resolve) => (release = resolve));
      await previous;
      lent.release = release;
      return lent;
    },
    async end() {},
  };
  const kysely = new Kysely<DB>({ dialect: new SavepointDialect({ pool: pool as unknown as pg.Pool }) });
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    await kysely.destroy();
    await client.query('rollback').catch(() => undefined);
    await client.end().catch(() => undefined);
  };
  return {
    db: {
      kysely,
      // The demo writes only; its reads are its own transaction's.
      reader: kysely,
      engine: 'postgres',
      destroy: close,
      writeTransaction: (work) => kysely.transaction().execute((trx) => workThenBatches(trx, work)),
    },
    async commit() {
      if (failure) throw failure;
      // PostgreSQL answers COMMIT of a transaction a failed statement aborted with ROLLBACK, not an error.
      const { command } = await client.query('commit');
      await close();
      if (command !== 'COMMIT') throw new Error(`the transaction was rolled back (${command}): nothing was written`);
    },
    close,
  };
}

/** Kysely's transactions as savepoints of the one transaction already begun. */
class SavepointDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw(`savepoint ${STEP}`));
    };
    driver.commitTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw(`release savepoint ${STEP}`));
    };
    driver.rollbackTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${STEP}`));
      await connection.executeQuery(CompiledQuery.raw(`release savepoint ${STEP}`));
    };
    return driver;
  }
}
