import type { Compilable, Transaction } from 'kysely';
import { isSqlite, type DbExecutor } from './executor';
import { nameStatement } from './named-statements';
import { inOneStatement } from './one-statement';

/**
 * Writes that a transaction leaves for just before its commit, merged with those of the same key from
 * the other transactions of that commit and written once for them all (issue 17: every sale added to
 * the same report rows with four statements of its own; a commit of sixteen sales now writes them once).
 * Only additions belong here: nothing in the transaction may read what a batch will write.
 */
export interface CommitBatch<DB> {
  /** Batches with the same key merge into the first one held. */
  readonly key: string;
  /** Adds another batch of the same key (and so the same kind) into this one. */
  merge(other: CommitBatch<DB>): void;
  write(trx: Transaction<DB>): Promise<void>;
  /**
   * PostgreSQL: the same writes as statements that need nothing of each other's answers, or undefined when
   * they cannot be. When every batch of a transaction has them, they all go in one statement (see
   * `BeforeCommit.write`).
   */
  statements?(trx: Transaction<DB>): Compilable<unknown>[] | undefined;
}

/** The batches a transaction (or a whole shared commit) writes just before committing. */
export class BeforeCommit<DB> {
  private readonly batches = new Map<string, CommitBatch<DB>>();

  add(batch: CommitBatch<DB>): void {
    const held = this.batches.get(batch.key);
    if (held) held.merge(batch);
    else this.batches.set(batch.key, batch);
  }

  /** Takes in the batches of a transaction that succeeded (a savepoint released into the shared commit). */
  absorb(other: BeforeCommit<DB>): void {
    for (const batch of other.batches.values()) this.add(batch);
  }

  /**
   * Writes the batches in the order they were first added. PostgreSQL: in one statement when each of them
   * can be (`CommitBatch.statements`): a sale holds its locks from its first stock row to its commit, and
   * each round trip in between made every other till wait (issue 32).
   */
  async write(trx: Transaction<DB>): Promise<void> {
    // The batches are generic over the schema; the executor helpers only ask which engine and compile.
    const db = trx as unknown as DbExecutor;
    const together = isSqlite(db) ? undefined : this.statements(trx);
    if (together && together.length > 0) {
      const [first, ...then] = together;
      const statement = inOneStatement(db, first!, ...then).compile();
      nameStatement(statement.sql);
      await trx.executeQuery(statement);
    } else {
      for (const batch of this.batches.values()) await batch.write(trx);
    }
    this.batches.clear();
  }

  private statements(trx: Transaction<DB>): Compilable<unknown>[] | undefined {
    const all: Compilable<unknown>[] = [];
    for (const batch of this.batches.values()) {
      const statements = batch.statements?.(trx);
      if (!statements) return undefined;
      all.push(...statements);
    }
    return all;
  }
}

/** A transaction's work, given where to leave its before-commit writes. */
export type WriteWork<DB, T> = (trx: Transaction<DB>, beforeCommit: BeforeCommit<DB>) => Promise<T>;

/** Runs `work` and then writes what it left for the commit, in the same transaction. */
export async function workThenBatches<DB, T>(trx: Transaction<DB>, work: WriteWork<DB, T>): Promise<T> {
  const beforeCommit = new BeforeCommit<DB>();
  const value = await work(trx, beforeCommit);
  await beforeCommit.write(trx);
  return value;
}
