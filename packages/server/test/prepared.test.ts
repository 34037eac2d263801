import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import type { DbExecutor } from '../src/db/executor';
import { prepared } from '../src/db/prepared';
import { ENGINES, freshDatabase } from './helpers/test-app';

interface NoteDb {
  note: { id: number; body: string; size: number | null; hidden: number };
}
/** The app's schema has no such table: the test's own, on the app's executor. */
const notes = (trx: DbExecutor) => trx as unknown as Kysely<NoteDb>;

describe.each(ENGINES)('statements compiled once per shape (%s)', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase(engine);
    drop = fresh.drop;
    db = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    await sql`create table note (id integer primary key, body text not null, size integer, hidden integer not null)`.execute(
      db.kysely,
    );
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  const insertNotes = prepared((trx, rows: NoteDb['note'][]) =>
    notes(trx).insertInto('note').values(rows).returning(['id', 'body']),
  );
  const findNotes = prepared((trx, a: { ids: number[]; withHidden: boolean; minSize: number | null }) => {
    let query = notes(trx).selectFrom('note').select(['id', 'body', 'size']).where('id', 'in', a.ids).orderBy('id');
    if (!a.withHidden) query = query.where('hidden', '=', 0);
    if (a.minSize !== null) query = query.where('size', '>=', a.minSize);
    return query;
  });

  it('runs each call with its own values, whatever shape came first', async () => {
    const first = await insertNotes(db.kysely, [{ id: 1, body: 'หนึ่ง', size: 10, hidden: 0 }]);
    expect(first.rows).toEqual([{ id: 1, body: 'หนึ่ง' }]);
    const more = await insertNotes(db.kysely, [
      { id: 2, body: 'two', size: null, hidden: 1 },
      { id: 3, body: "it's 3", size: 30, hidden: 0 },
    ]);
    expect(more.rows.map((r) => r.id).sort()).toEqual([2, 3]);
    // The one-row shape again, other values: not the first call's values.
    await insertNotes(db.kysely, [{ id: 4, body: 'four', size: 40, hidden: 0 }]);

    expect((await findNotes(db.kysely, { ids: [1, 2, 3, 4], withHidden: false, minSize: null })).rows).toEqual([
      { id: 1, body: 'หนึ่ง', size: 10 },
      { id: 3, body: "it's 3", size: 30 },
      { id: 4, body: 'four', size: 40 },
    ]);
    // Booleans and nulls pick the statement; numbers are values.
    expect((await findNotes(db.kysely, { ids: [1, 2, 3, 4], withHidden: true, minSize: 30 })).rows).toEqual([
      { id: 3, body: "it's 3", size: 30 },
      { id: 4, body: 'four', size: 40 },
    ]);
    expect((await findNotes(db.kysely, { ids: [2, 4], withHidden: true, minSize: null })).rows).toEqual([
      { id: 2, body: 'two', size: null },
      { id: 4, body: 'four', size: 40 },
    ]);
    expect((await findNotes(db.kysely, { ids: [2], withHidden: false, minSize: null })).rows).toEqual([]);
  });

  it("tells apart shapes that differ only in a null, an undefined, a key or the keys' order, call after call", async () => {
    const findSome = prepared((trx, a: { id?: number; body?: string | null }) => {
      let query = notes(trx).selectFrom('note').select('id').orderBy('id');
      if (a.id !== undefined) query = query.where('id', '=', a.id);
      if (a.body === null) query = query.where('body', 'is', null);
      else if (a.body !== undefined) query = query.where('body', '=', a.body);
      return query;
    });
    const ids = async (a: { id?: number; body?: string | null }) =>
      (await findSome(db.kysely, a)).rows.map((r) => r.id);
    expect(await ids({ id: 1, body: 'หนึ่ง' })).toEqual([1]);
    expect(await ids({ body: 'หนึ่ง', id: 3 })).toEqual([]);
    expect(await ids({ id: 3, body: undefined })).toEqual([3]);
    expect(await ids({ id: 3 })).toEqual([3]);
    expect(await ids({ id: 3, body: null })).toEqual([]);
    expect(await ids({ body: "it's 3" })).toEqual([3]);
    expect(await ids({ id: 1, body: 'หนึ่ง' })).toEqual([1]);
  });

  it('passes a value that looks like SQL as a value', async () => {
    const body = "x'); drop table note; --";
    await insertNotes(db.kysely, [{ id: 5, body, size: 1, hidden: 0 }]);
    expect((await findNotes(db.kysely, { ids: [5], withHidden: true, minSize: null })).rows).toEqual([
      { id: 5, body, size: 1 },
    ]);
  });

  it('runs in a transaction it is given', async () => {
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await insertNotes(trx, [{ id: 6, body: 'rolled back', size: 1, hidden: 0 }]);
        expect((await findNotes(trx, { ids: [6], withHidden: true, minSize: null })).rows).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await findNotes(db.kysely, { ids: [6], withHidden: true, minSize: null })).rows).toEqual([]);
  });

  it('answers in a transaction as outside one: counts, inserted ids, and a refusal as a rejection', async () => {
    const renameNote = prepared((trx, a: { id: number; body: string }) =>
      notes(trx).updateTable('note').set({ body: a.body }).where('id', '=', a.id),
    );
    const addNote = prepared((trx, row: NoteDb['note']) => notes(trx).insertInto('note').values(row));
    // Outside a transaction (Kysely's executor) and inside one (on SQLite, run directly): the same answers.
    const outside = await renameNote(db.kysely, { id: 1, body: 'one' });
    const inside = await db.kysely.transaction().execute(async (trx) => ({
      renamed: await renameNote(trx, { id: 1, body: 'uno' }),
      added: await addNote(trx, { id: 7, body: 'seven', size: 7, hidden: 0 }),
    }));
    expect(outside.numAffectedRows).toBe(1n);
    expect(inside.renamed.numAffectedRows).toBe(1n);
    expect(inside.added.numAffectedRows).toBe(1n);
    if (engine === 'sqlite') expect(inside.added.insertId).toBe(7n);
    expect((await findNotes(db.kysely, { ids: [1, 7], withHidden: true, minSize: null })).rows).toEqual([
      { id: 1, body: 'uno', size: 10 },
      { id: 7, body: 'seven', size: 7 },
    ]);
    // The same key again: refused as a rejected promise the caller can catch, not a throw.
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        const refused = addNote(trx, { id: 7, body: 'again', size: 7, hidden: 0 });
        expect(refused).toBeInstanceOf(Promise);
        await refused;
      }),
    ).rejects.toThrow(/UNIQUE|unique|duplicate/);
  });
});
