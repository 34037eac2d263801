import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type Driver } from 'kysely';
import pg from 'pg';
import type { Config, DatabaseEngine, ReadOptions } from '../config';
import { DEFAULT_READ_OPTIONS, engineOf } from '../config';
import { PRIVATE_DIR_MODE, privateFile } from '../file-modes';
import { workThenBatches, type WriteWork } from './before-commit';
import { SqliteWithoutRowLocks } from './executor';
import { groupCommitter } from './group-commit';
import { NamingClient } from './named-statements';
import { sqliteReadPool } from './read-pool';
import { allowDirectRuns } from './sqlite-direct';
import { holdSqliteLock } from './sqlite-lock';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer';
import { walSync } from './wal-sync';
import { withStatementCache } from './sqlite-statement-cache';
import type { DB } from './schema';

export interface Db {
  kysely: Kysely<DB>;
  /**
   * The back office's long reads (history, reports, exports): on SQLite, worker threads with read-only
   * connections of their own (read-pool.ts), off the thread that writes sales; on PostgreSQL, a pool of
   * its own, apart from the till's, whose statements end after the read time limit. Never for writes.
   */
  reader: Kysely<DB>;
  engine: DatabaseEngine;
  destroy(): Promise<void>;
  /**
   * SQLite: waits for and takes the lock that lets one process migrate the file at a time (Kysely's
   * migrator locks only on PostgreSQL); call the answer to let go.
   */
  migrationLock?(): Promise<() => void>;
  /**
   * A write transaction for the busiest writes (sales, refunds): on SQLite, concurrent ones share one
   * commit (group-commit.ts); on PostgreSQL, a transaction each (the server groups commits itself).
   * What the work leaves with `beforeCommit` is written after it, just before the commit: on PostgreSQL
   * the rows every sale adds to (today's report rows) are so held only for the commit itself.
   */
  writeTransaction<T>(work: WriteWork<DB, T>): Promise<T>;
  /** SQLite: write transactions so far and the commits they took (fewer when they shared them). */
  writeStats?(): { transactions: number; commits: number };
}

/** How long a starting server waits for another one's migrations before it gives up. */
const MIGRATION_LOCK_WAIT_MS = 10 * 60_000;

const PG_INT8_OID = 20;

/** bigint columns hold satang and counts, all far below 2^53: read as numbers. */
export const POSTGRES_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as never,
};

/**
 * SQLite's own checkpoint, in the committing connection, only past this many WAL pages (16 MB): the
 * worker (wal-checkpointer.ts) keeps the WAL copied long before, so this one finds little left to do.
 */
const FALLBACK_CHECKPOINT_PAGES = 4000;

/**
 * Opens SQLite (`dataDir/pos.db`) or PostgreSQL (`databaseUrl`). `scratch`: a SQLite file being built that
 * nobody relies on until it is closed (the demo's, renamed into place afterwards): no fsync at all.
 */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<ReadOptions>,
  options: { scratch?: boolean } = {},
): Db {
  const engine = engineOf(config);
  const reads: ReadOptions = { ...DEFAULT_READ_OPTIONS, ...definedOnly(config) };
  const raw = engine === 'sqlite' ? openSqlite(config.dataDir, options.scratch ?? false) : null;
  const sqlite = raw ? withStatementCache(raw) : null;
  const kysely =
    sqlite === null
      ? postgresKysely(config.databaseUrl, { max: 10 })
      : new Kysely<DB>({
          dialect: new WriteLockingSqliteDialect({ database: sqlite }),
          plugins: [new SqliteWithoutRowLocks()],
        });
  if (sqlite) allowDirectRuns(kysely, sqlite);
  const databaseFile = path.join(config.dataDir, 'pos.db');
  const reader =
    sqlite === null
      ? // Ends the statement on the server (57014, answered 503 READ_TIMED_OUT), not only the wait.
        postgresKysely(
          config.databaseUrl,
          { max: reads.readWorkers, statement_timeout: reads.readTimeoutMs },
          // One process a read: PostgreSQL's parallel workers made a back-office read take more cores than
          // READ_WORKERS allows, from the tills' sales (and cost a short search 50 ms to start them).
          'set max_parallel_workers_per_gather = 0',
        )
      : sqliteReadPool({ file: databaseFile, workers: reads.readWorkers, timeoutMs: reads.readTimeoutMs });
  const wal = raw && !options.scratch ? walSync(databaseFile) : null;
  const committer = raw ? groupCommitter(kysely, wal ?? undefined) : null;
  let checkpointer: WalCheckpointer | null = null;
  if (raw) {
    raw.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
    checkpointer = startWalCheckpointer(databaseFile, () => {
      // Back to SQLite's own pace: a growing WAL slows every read and fills the disk.
      if (raw.open) raw.pragma('wal_autocheckpoint = 1000');
    });
  }
  return {
    kysely,
    reader,
    engine,
    destroy: async () => {
      await reader.destroy();
      await checkpointer?.stop();
      await kysely.destroy();
      await wal?.close();
    },
    writeTransaction: (work) =>
      committer ? committer.transaction(work) : kysely.transaction().execute((trx) => workThenBatches(trx, work)),
    ...(committer && { writeStats: () => committer.stats() }),
    ...(engine === 'sqlite' && {
      migrationLock: () => holdSqliteLock(path.join(config.dataDir, 'pos.db-migration-lock'), MIGRATION_LOCK_WAIT_MS),
    }),
  };
}

function definedOnly(config: Partial<ReadOptions>): Partial<ReadOptions> {
  return {
    ...(config.readWorkers !== undefined && { readWorkers: config.readWorkers }),
    ...(config.readTimeoutMs !== undefined && { readTimeoutMs: config.readTimeoutMs }),
  };
}

/**
 * Transactions begin with `begin immediate`: they take SQLite's write lock first, waiting for it under
 * busy_timeout. A plain `begin` reads first and asks for the lock at its first write; when another
 * process (two servers on one file) committed in between, SQLite refuses that at once (SQLITE_BUSY, no
 * wait), and a refund, a token refresh or any read-then-write transaction failed with a 500.
 */
class WriteLockingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/** Kysely on a pool of its own to the PostgreSQL database at `url`; `onConnect` runs first on each connection. */
function postgresKysely(
  url: string | null,
  pool: Pick<pg.PoolConfig, 'max' | 'statement_timeout'>,
  onConnect?: string,
): Kysely<DB> {
  const connections = postgresPool({ connectionString: url ?? undefined, types: POSTGRES_TYPES, ...pool });
  // pg sends it before any query of the new connection (its queries run in order).
  if (onConnect) connections.on('connect', (client) => void client.query(onConnect).catch(() => undefined));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: connections }) });
}

/**
 * A pool whose idle connections may end (PostgreSQL restarted, an administrator or failover ended them): pg
 * drops such a client from the pool and the next query opens a new one, but an 'error' event nobody listens to
 * would crash the whole server.
 */
function postgresPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ Client: NamingClient, ...config });
  pool.on('error', () => undefined);
  return pool;
}

function openSqlite(dataDir: string, scratch: boolean): Database.Database {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // Created 0600 before SQLite opens it: its WAL and shared-memory files take the same mode.
  privateFile(path.join(dataDir, 'pos.db'));
  const database = new Database(path.join(dataDir, 'pos.db'));
  database.pragma('journal_mode = WAL');
  database.pragma(scratch ? 'synchronous = OFF' : 'synchronous = FULL');
  database.pragma('foreign_keys = ON');
  // 64 MB of pages kept in memory (SQLite's default is 2 MB): a group of sales committed together
  // (group-commit.ts) changes more pages than that, which spilled to the WAL mid-transaction.
  database.pragma('cache_size = -65536');
  // Each sale of a shared commit runs in a savepoint, whose journal (the first image of every page the
  // sale changes, ~30 pages) spilled to a temporary file past 64 KB: a write and a read of it per sale
  // (issue 17). Kept in memory instead; what else SQLite keeps there (sorts without an index) is small
  // for this app's queries, which read through indexes and the report rollups.
  database.pragma('temp_store = memory');
  // Several server processes may share the file; wait for a writer instead of failing.
  database.pragma('busy_timeout = 5000');
  return database;
}

export async function isDatabaseUp(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}
