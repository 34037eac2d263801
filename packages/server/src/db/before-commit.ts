import type { Transaction } from 'kysely';

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

  async write(trx: Transaction<DB>): Promise<void> {
    for (const batch of this.batches.values()) await batch.write(trx);
    this.batches.clear();
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
