import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import { BeforeCommit, workThenBatches, type WriteWork } from './before-commit';
import { runDirectly } from './sqlite-direct';

type Work<DB, T> = WriteWork<DB, T>;

interface Waiting<DB> {
  work: Work<DB, unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface GroupCommitter<DB> {
  /** Runs `work` in a transaction of its own or in a savepoint of a shared one; settles after the commit. */
  transaction<T>(work: Work<DB, T>): Promise<T>;
  /** Transactions and commits so far (a commit covers one or more transactions). */
  stats(): { transactions: number; commits: number };
}

/** Transactions one commit holds at most: the first one's answer waits for the last one's work. */
const MAX_GROUP = 32;

/**
 * Group commit for SQLite's one writer. Every commit costs an fsync of the WAL and writes each page it
 * changed; most of a sale's pages (the products, the document counter, today's report rows, the indexes'
 * last pages) are the same for every sale. Writes that arrive while a commit is under way queue up and the
 * next commit takes them all: each runs in a savepoint of one transaction (a refusal rolls back only its
 * own savepoint), then one commit makes them all durable, and only then is any of them answered. A failed
 * commit fails them all, so nothing is acknowledged that was not written. Alone, a write is a plain
 * transaction, as before: nothing waits for company. What the writes leave for before the commit
 * (before-commit.ts) is merged over the group and written once, after the last of them.
 */
/**
 * Makes what has been committed durable, away from the main thread (an fsync of SQLite's WAL in the
 * thread pool). With it, the committer commits with `synchronous = NORMAL` (no fsync in the commit)
 * and answers a group only after `sync` has settled; every other commit keeps `synchronous = FULL`.
 */
export interface WalSync {
  sync(): Promise<void>;
}

export function groupCommitter<DB>(kysely: Kysely<DB>, walSync?: WalSync): GroupCommitter<DB> {
  const queue: Waiting<DB>[] = [];
  let running = false;
  let transactions = 0;
  let commits = 0;

  async function drain(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        // better-sqlite3 answers at once, so a transaction runs start to commit in microtasks and no other
        // request gets in meanwhile: let those that arrived (I/O callbacks) reach the queue first.
        await new Promise((resolve) => setImmediate(resolve));
        const group = queue.splice(0, MAX_GROUP);
        transactions += group.length;
        commits += 1;
        let outcomes: Outcome[];
        try {
          outcomes = await withSyncLater((db) => runGroup(db, group));
        } catch (error) {
          for (const one of group) one.reject(error);
          continue;
        }
        const settle = () =>
          outcomes.forEach((outcome, i) => {
            const one = group[i]!;
            if (outcome.ok) one.resolve(outcome.value);
            else one.reject(outcome.error);
          });
        // Not awaited: the next group runs while this one's fsync is under way in the thread pool.
        if (walSync && outcomes.some((outcome) => outcome.ok)) {
          walSync.sync().then(settle, (error: unknown) => group.forEach((one) => one.reject(error)));
        } else {
          settle();
        }
      }
    } finally {
      running = false;
    }
  }

  /**
   * Runs `commit` on one connection held throughout, with `synchronous = NORMAL` around it when the
   * WAL is synced afterwards: the setting cannot change inside a transaction, and holding the
   * connection keeps any other write from committing while it is NORMAL.
   */
  async function withSyncLater(commit: (db: Kysely<DB>) => Promise<Outcome[]>): Promise<Outcome[]> {
    if (!walSync) return commit(kysely);
    return kysely.connection().execute(async (db) => {
      await sql`pragma synchronous = normal`.execute(db);
      try {
        return await commit(db);
      } finally {
        await sql`pragma synchronous = full`.execute(db);
      }
    });
  }

  /**
   * One transaction for the group; each write in a savepoint of its own when there are several. Answers
   * each write's outcome once committed; throws when the commit itself failed.
   */
  async function runGroup(db: Kysely<DB>, group: Waiting<DB>[]): Promise<Outcome[]> {
    const trx = await db.startTransaction().execute();
    try {
      if (group.length === 1) {
        // Alone: a plain transaction, as before; nothing waits for company.
        let value: unknown;
        try {
          value = await workThenBatches(trx, group[0]!.work);
        } catch (error) {
          await trx.rollback().execute();
          return [{ ok: false, error }];
        }
        await trx.commit().execute();
        return [{ ok: true, value }];
      }
      const outcomes: Outcome[] = [];
      const groupBatches = new BeforeCommit<DB>();
      for (const one of group) {
        await statement(trx, 'savepoint one_write');
        const batches = new BeforeCommit<DB>();
        try {
          const value = await one.work(trx, batches);
          await statement(trx, 'release one_write');
          // Only a write that stood adds its batches; a refused one's are dropped with its savepoint.
          groupBatches.absorb(batches);
          outcomes.push({ ok: true, value });
        } catch (error) {
          await statement(trx, 'rollback to one_write');
          await statement(trx, 'release one_write');
          outcomes.push({ ok: false, error });
        }
      }
      await groupBatches.write(trx);
      await trx.commit().execute();
      return outcomes;
    } catch (error) {
      if (!trx.isCommitted && !trx.isRolledBack) {
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
      }
      throw error;
    }
  }

  /**
   * A savepoint statement on the group's transaction, run on SQLite's connection directly when allowed:
   * Kysely's savepoint API builds a transaction object per call, ~2 % of a sale's CPU (issue 17).
   */
  function statement(trx: Transaction<DB>, text: string): Promise<unknown> {
    const query = CompiledQuery.raw(text);
    return runDirectly(trx, query) ?? trx.executeQuery(query);
  }

  return {
    transaction<T>(work: Work<DB, T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!running) void drain();
      });
    },
    stats: () => ({ transactions, commits }),
  };
}
