import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated, type Transaction } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommitBatch } from '../src/db/before-commit';
import { groupCommitter, type WalSync } from '../src/db/group-commit';
import { walSync } from '../src/db/wal-sync';

interface TestDb {
  parent: { id: number };
  child: { id: Generated<number>; parent_id: number; note: string };
  tally: { id: number; total: number; writes: number };
}

/** A batch adding to one tally row: merged batches add their sum with one statement. */
class TallyBatch implements CommitBatch<TestDb> {
  readonly key = 'tally';
  constructor(
    public amount: number,
    private readonly rowId = 1,
  ) {}
  merge(other: CommitBatch<TestDb>): void {
    this.amount += (other as TallyBatch).amount;
  }
  async write(trx: Transaction<TestDb>): Promise<void> {
    await trx
      .updateTable('tally')
      .set((eb) => ({ total: eb('total', '+', this.amount), writes: eb('writes', '+', 1) }))
      .where('id', '=', this.rowId)
      .execute();
    // A row that does not exist fails the write (and so the commit), like a constraint would.
    const row = await trx.selectFrom('tally').select('id').where('id', '=', this.rowId).executeTakeFirst();
    if (!row) throw new Error('no tally row');
  }
}

const opened: { kysely: Kysely<TestDb>; dir: string }[] = [];

/** A real SQLite file in WAL mode, like the app's; `child` checks its parent only at commit. */
function openFile(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-group-commit-'))) {
  const database = new Database(path.join(dir, 'test.db'));
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.exec(`create table if not exists parent (id integer primary key);
    create table if not exists tally (id integer primary key, total integer not null, writes integer not null);
    insert or ignore into tally (id, total, writes) values (1, 0, 0);
    create table if not exists child (id integer primary key, note text not null,
      parent_id integer not null references parent(id) deferrable initially deferred)`);
  const kysely = new Kysely<TestDb>({ dialect: new SqliteDialect({ database }) });
  opened.push({ kysely, dir });
  return { kysely, dir };
}

afterEach(async () => {
  for (const { kysely, dir } of opened.splice(0)) {
    await kysely.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const notes = async (kysely: Kysely<TestDb>) =>
  (await kysely.selectFrom('child').select('note').orderBy('note').execute()).map((r) => r.note);

describe('group commit (SQLite)', () => {
  it('commits writes that arrive together once, and answers each only after that commit', async () => {
    const { kysely, dir } = openFile();
    await kysely.insertInto('parent').values({ id: 1 }).execute();
    const committer = groupCommitter(kysely);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        committer.transaction(async (trx) => {
          await trx
            .insertInto('child')
            .values({ parent_id: 1, note: `n${String(i).padStart(2, '0')}` })
            .execute();
          return i;
        }),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const { transactions, commits } = committer.stats();
    expect(transactions).toBe(20);
    expect(commits).toBeLessThan(20);
    // Durable: another connection to the file, after this one is closed, sees every answered write.
    await kysely.destroy();
    opened.splice(0);
    const again = openFile(dir);
    expect(await notes(again.kysely)).toHaveLength(20);
  });

  it('rolls back only the write that failed; the others of its commit stand', async () => {
    const { kysely } = openFile();
    await kysely.insertInto('parent').values({ id: 1 }).execute();
    const committer = groupCommitter(kysely);
    const refused = new Error('refused');
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((note) =>
        committer.transaction(async (trx) => {
          await trx.insertInto('child').values({ parent_id: 1, note }).execute();
          if (note === 'b') throw refused;
          return note;
        }),
      ),
    );
    expect(results).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'rejected', reason: refused },
      { status: 'fulfilled', value: 'c' },
    ]);
    expect(committer.stats().commits).toBe(1);
    expect(await notes(kysely)).toEqual(['a', 'c']);
  });

  it('answers none of a commit that failed, and keeps none of its writes', async () => {
    const { kysely } = openFile();
    await kysely.insertInto('parent').values({ id: 1 }).execute();
    const committer = groupCommitter(kysely);
    // The third write breaks a deferred foreign key: the whole commit is refused.
    const results = await Promise.allSettled(
      [1, 1, 99].map((parentId, i) =>
        committer.transaction((trx) =>
          trx
            .insertInto('child')
            .values({ parent_id: parentId, note: `n${i}` })
            .execute(),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await notes(kysely)).toEqual([]);
    // And the next write is not caught in a transaction left open.
    await committer.transaction((trx) => trx.insertInto('child').values({ parent_id: 1, note: 'after' }).execute());
    expect(await notes(kysely)).toEqual(['after']);
  });

  it('runs a write alone as a plain transaction, and lets other statements in between commits', async () => {
    const { kysely } = openFile();
    await kysely.insertInto('parent').values({ id: 1 }).execute();
    const committer = groupCommitter(kysely);
    for (const note of ['x', 'y']) {
      await committer.transaction((trx) => trx.insertInto('child').values({ parent_id: 1, note }).execute());
      const { count } = (await sql<{ count: number }>`select count(*) as count from child`.execute(kysely)).rows[0]!;
      expect(count).toBe(note === 'x' ? 1 : 2);
    }
    expect(committer.stats()).toEqual({ transactions: 2, commits: 2 });
  });

  it("writes what the writes of one commit left for it once, summed, and drops a refused write's share", async () => {
    const { kysely } = openFile();
    await kysely.insertInto('parent').values({ id: 1 }).execute();
    const committer = groupCommitter(kysely);
    const refused = new Error('refused');
    const results = await Promise.allSettled(
      [1, 2, 4, 8].map((amount) =>
        committer.transaction(async (trx, beforeCommit) => {
          await trx
            .insertInto('child')
            .values({ parent_id: 1, note: `n${amount}` })
            .execute();
          beforeCommit.add(new TallyBatch(amount));
          if (amount === 4) throw refused;
          return amount;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(committer.stats().commits).toBe(1);
    // 1 + 2 + 8, in one statement for the three writes that stood.
    expect(await kysely.selectFrom('tally').select(['total', 'writes']).executeTakeFirstOrThrow()).toEqual({
      total: 11,
      writes: 1,
    });
    // Alone, a write's batch is written in its own transaction too.
    await committer.transaction(async (_trx, beforeCommit) => beforeCommit.add(new TallyBatch(16)));
    expect(await kysely.selectFrom('tally').select(['total', 'writes']).executeTakeFirstOrThrow()).toEqual({
      total: 27,
      writes: 2,
    });
  });

  it('fails every write of a commit whose batch cannot be written, and keeps none of them', async () => {
    const { kysely } = openFile();
    await kysely.insertInto('parent').values({ id: 1 }).execute();
    const committer = groupCommitter(kysely);
    const results = await Promise.allSettled(
      ['a', 'b'].map((note) =>
        committer.transaction(async (trx, beforeCommit) => {
          await trx.insertInto('child').values({ parent_id: 1, note }).execute();
          beforeCommit.add(new TallyBatch(1, 404));
          return note;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await notes(kysely)).toEqual([]);
    expect((await kysely.selectFrom('tally').select('total').executeTakeFirstOrThrow()).total).toBe(0);
  });

  /** A WAL sync the test settles by hand, noting the connection's `synchronous` when it is asked. */
  function heldSync(kysely: Kysely<TestDb>) {
    const calls: { synchronous: number; settle(error?: Error): void }[] = [];
    const sync: WalSync = {
      async sync() {
        const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(kysely);
        await new Promise<void>((resolve, reject) =>
          calls.push({ synchronous: rows[0]!.synchronous, settle: (error) => (error ? reject(error) : resolve()) }),
        );
      },
    };
    return { sync, calls };
  }

  it('with a WAL sync: commits without an fsync, answers only once the sync is done, and leaves FULL on', async () => {
    const { kysely } = openFile();
    await sql`pragma synchronous = full`.execute(kysely);
    await kysely.insertInto('parent').values({ id: 1 }).execute();
    const held = heldSync(kysely);
    const committer = groupCommitter(kysely, held.sync);
    let answered = 0;
    const write = (note: string) =>
      committer
        .transaction(async (trx) => {
          // Inside the shared commit the connection runs NORMAL: the commit itself does not fsync.
          const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(trx);
          expect(rows[0]!.synchronous).toBe(1);
          await trx.insertInto('child').values({ parent_id: 1, note }).execute();
          return note;
        })
        .then((note) => {
          answered += 1;
          return note;
        });
    const writes = ['a', 'b', 'c'].map(write);
    await vi.waitFor(() => expect(held.calls).toHaveLength(1));
    // Committed (another statement sees the rows) but not answered: the sync has not confirmed yet.
    expect(await notes(kysely)).toEqual(['a', 'b', 'c']);
    // A later write commits on its own and asks for its own sync: all that time the first three wait.
    const later = write('d');
    await vi.waitFor(() => expect(held.calls).toHaveLength(2));
    expect(answered).toBe(0);
    // By the time the sync is asked for, FULL is back on for every other commit.
    expect(held.calls[0]!.synchronous).toBe(2);
    held.calls[0]!.settle();
    expect(await Promise.all(writes)).toEqual(['a', 'b', 'c']);
    expect(answered).toBe(3);
    held.calls[1]!.settle();
    expect(await later).toBe('d');
  });

  it('with a WAL sync: a failed sync fails every write of its commit', async () => {
    const { kysely } = openFile();
    await kysely.insertInto('parent').values({ id: 1 }).execute();
    const held = heldSync(kysely);
    const committer = groupCommitter(kysely, held.sync);
    const results = Promise.allSettled(
      ['a', 'b'].map((note) =>
        committer.transaction((trx) => trx.insertInto('child').values({ parent_id: 1, note }).execute()),
      ),
    );
    await vi.waitFor(() => expect(held.calls).toHaveLength(1));
    held.calls[0]!.settle(new Error('EIO: the disk refused'));
    expect((await results).map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('with a WAL sync: a refused write alone is answered without waiting for any sync', async () => {
    const { kysely } = openFile();
    const held = heldSync(kysely);
    const committer = groupCommitter(kysely, held.sync);
    await expect(
      committer.transaction(async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(held.calls).toHaveLength(0);
  });

  it('syncs a real WAL file, durably: another connection opened afterwards sees every answered write', async () => {
    const { kysely, dir } = openFile();
    await kysely.insertInto('parent').values({ id: 1 }).execute();
    const wal = walSync(path.join(dir, 'test.db'));
    const committer = groupCommitter(kysely, wal);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        committer.transaction((trx) =>
          trx
            .insertInto('child')
            .values({ parent_id: 1, note: `w${i}` })
            .execute(),
        ),
      ),
    );
    await wal.close();
    await kysely.destroy();
    opened.splice(0);
    expect(await notes(openFile(dir).kysely)).toHaveLength(10);
  });
});
