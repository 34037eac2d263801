import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import { AppError } from '../src/http/app-error';

const dirs: string[] = [];
const dbs: Db[] = [];

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A SQLite database with a `note` table of `rows` rows, and its back-office reader. */
async function database(options: { readWorkers?: number; readTimeoutMs?: number; rows?: number } = {}): Promise<Db> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-read-pool-'));
  dirs.push(dataDir);
  const db = openDatabase({
    databaseUrl: null,
    dataDir,
    ...(options.readWorkers !== undefined && { readWorkers: options.readWorkers }),
    ...(options.readTimeoutMs !== undefined && { readTimeoutMs: options.readTimeoutMs }),
  });
  dbs.push(db);
  await sql`create table note (id integer primary key, body text not null)`.execute(db.kysely);
  for (let i = 1; i <= (options.rows ?? 3); i += 1)
    await sql`insert into note (body) values (${`n${i}`})`.execute(db.kysely);
  return db;
}

const countNotes = async (db: Db['reader']) =>
  Number((await sql<{ n: number }>`select count(*) as n from note`.execute(db)).rows[0]!.n);

/** Pure CPU in SQLite, about a second per 2,000,000: a recursive count the planner cannot shorten. */
const slowCount = (to: number) =>
  sql<{
    n: number;
  }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${to}) select count(*) as n from c`;

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('the back-office reader (SQLite worker threads)', () => {
  it('reads what was committed, keeps one snapshot through a read transaction, and never holds the writer', async () => {
    const db = await database();
    expect(await countNotes(db.reader)).toBe(3);
    const order: string[] = [];
    await db.reader.transaction().execute(async (trx) => {
      expect(await countNotes(trx)).toBe(3);
      // The writer commits while the read transaction is open: it does not wait for the reader...
      await sql`insert into note (body) values ('during')`.execute(db.kysely);
      order.push('written');
      // ...and the reader goes on seeing the database as it was when it began.
      expect(await countNotes(trx)).toBe(3);
      order.push('read');
    });
    expect(order).toEqual(['written', 'read']);
    expect(await countNotes(db.reader)).toBe(4);
  });

  it('refuses to write', async () => {
    const db = await database();
    const error = await refusal(sql`insert into note (body) values ('x')`.execute(db.reader));
    expect((error as { code?: string }).code).toBe('SQLITE_READONLY');
    expect(await countNotes(db.kysely)).toBe(3);
  });

  it('answers 503 READ_TIMED_OUT for a statement past the time limit, and reads again on a fresh worker', async () => {
    const db = await database({ readWorkers: 1, readTimeoutMs: 300 });
    const error = await refusal(slowCount(5_000_000).execute(db.reader));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'READ_TIMED_OUT' });
    expect((error as Error).message).toMatch(/ใช้เวลานานเกินไป/);
    expect(await countNotes(db.reader)).toBe(3);
  });

  it('answers 503 to a read that waited for a worker past the time limit; the one running is not disturbed', async () => {
    const db = await database({ readWorkers: 1, readTimeoutMs: 300 });
    await db.reader.transaction().execute(async (trx) => {
      // The only worker is this transaction's until it ends: another read waits, then gives up.
      const waited = await refusal(countNotes(db.reader));
      expect(waited).toMatchObject({ statusCode: 503, code: 'READ_TIMED_OUT' });
      expect(await countNotes(trx)).toBe(3);
    });
    expect(await countNotes(db.reader)).toBe(3);
  });

  it('runs reads side by side up to its workers, the rest in turn', async () => {
    const db = await database({ readWorkers: 2, rows: 50 });
    const counts = await Promise.all(Array.from({ length: 12 }, () => countNotes(db.reader)));
    expect(counts).toEqual(Array.from({ length: 12 }, () => 50));
  });

  it('lets the writer commit while a worker is busy with a long statement', async () => {
    const db = await database({ readWorkers: 1, readTimeoutMs: 60_000 });
    let readDone = false;
    const slow = slowCount(3_000_000)
      .execute(db.reader)
      .then((result) => {
        readDone = true;
        return Number(result.rows[0]!.n);
      });
    // Written and committed on this thread while the worker is still counting.
    await db.writeTransaction(async (trx) => {
      await sql`insert into note (body) values ('while reading')`.execute(trx);
    });
    expect(readDone).toBe(false);
    expect(await countNotes(db.kysely)).toBe(4);
    expect(await slow).toBe(3_000_000);
  });
});
