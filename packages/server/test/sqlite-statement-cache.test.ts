import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../src/db/sqlite-statement-cache';

const open: Database.Database[] = [];

function memoryDatabase(): Database.Database {
  const database = new Database(':memory:');
  open.push(database);
  database.exec('create table t (id integer primary key, name text not null)');
  return database;
}

afterEach(() => {
  for (const database of open.splice(0)) if (database.open) database.close();
});

describe('SQLite statement cache', () => {
  it('prepares each SQL text once and gives back the same statement', () => {
    const database = memoryDatabase();
    const prepare = vi.spyOn(database, 'prepare');
    const cached = withStatementCache(database);
    const first = cached.prepare('select name from t where id = ?');
    const second = cached.prepare('select name from t where id = ?');
    expect(second).toBe(first);
    cached.prepare('select id from t');
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('gives a statement streaming rows a fresh twin instead of failing as busy', () => {
    const database = memoryDatabase();
    database.exec("insert into t (name) values ('a'), ('b')");
    const cached = withStatementCache(database);
    const text = 'select name from t order by id';
    const original = cached.prepare(text);
    const streaming = original.iterate([]);
    expect(streaming.next().value).toEqual({ name: 'a' });
    const during = cached.prepare(text);
    expect(during.all([])).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(streaming.next().value).toEqual({ name: 'b' });
    streaming.return?.();
    // Once the stream is over, the cached one is handed out again.
    expect(cached.prepare(text)).toBe(original);
  });

  it('hands a statement out again once a stream has read every row, and after a stream that failed', () => {
    const database = memoryDatabase();
    database.exec("insert into t (name) values ('a'), ('b')");
    const cached = withStatementCache(database);
    const text = 'select name from t order by id';
    const original = cached.prepare(text);
    expect([...original.iterate([])]).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(cached.prepare(text)).toBe(original);
    const failing = 'select name from t where id = ?';
    const statement = cached.prepare(failing);
    expect(() => [...statement.iterate([{ not: 'a value' }])]).toThrow();
    expect(cached.prepare(failing)).toBe(statement);
  });

  it('drops the least recently used statement beyond its capacity', () => {
    const database = memoryDatabase();
    const prepare = vi.spyOn(database, 'prepare');
    const cached = withStatementCache(database, 2);
    cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1'); // now the most recent
    cached.prepare('select 3'); // drops "select 2"
    cached.prepare('select 1');
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('runs Kysely queries, writes included, with the right results and closes the database', async () => {
    const database = memoryDatabase();
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    for (const name of ['x', 'y', 'z']) await db.insertInto('t').values({ name }).execute();
    const updated = await db.updateTable('t').set({ name: 'w' }).where('name', '=', 'y').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    expect(await db.selectFrom('t').select('name').orderBy('id').execute()).toEqual([
      { name: 'x' },
      { name: 'w' },
      { name: 'z' },
    ]);
    // A schema change: SQLite re-prepares a cached statement by itself.
    await sql`alter table t add column size text`.execute(db);
    expect(await db.selectFrom('t').selectAll().where('id', '=', 1).execute()).toEqual([
      { id: 1, name: 'x', size: null },
    ]);
    await db.destroy();
    expect(database.open).toBe(false);
  });

  // Rows are made by a function written for each reading statement's columns (issue 17): they must be
  // exactly better-sqlite3's own.
  it("answers exactly better-sqlite3's own rows: joins, repeated and odd column names, nulls, numbers, blobs", () => {
    const database = memoryDatabase();
    database.exec(`
      create table u (id integer primary key, t_id integer, label text, score real, data blob);
      insert into t (id, name) values (1, 'หนึ่ง'), (2, 'two'), (3, 'three');
      insert into u (t_id, label, score, data) values (1, null, 1.5, x'00ff'), (2, 'x"y', -3, null);
    `);
    const cached = withStatementCache(database);
    const texts = [
      'select t.id, u.id, t.name as "a name", u.label as "x""y", u.score, u.data from t left join u on u.t_id = t.id order by t.id',
      'select name, 1 + 1 as "2", null as missing, 9007199254740991 as big from t where id in (?, ?)',
      'select * from t where id > ?',
      'select count(*) from t',
      "select 'constructor' as constructor, 'toString' as toString, 1 as \"__proto__\"",
    ];
    for (const text of texts) {
      const parameters = text.includes('?') ? (text.includes('in (') ? [1, 3] : [1]) : [];
      const own = database.prepare(text);
      expect(cached.prepare(text).all(parameters)).toStrictEqual(own.all(parameters));
      expect([...cached.prepare(text).iterate(parameters)]).toStrictEqual([...own.iterate(parameters)]);
    }
    expect(cached.prepare('select * from t where id > 5').all([])).toEqual([]);
  });

  it('answers rows of returning writes and the result of plain ones', () => {
    const database = memoryDatabase();
    const cached = withStatementCache(database);
    expect(cached.prepare('insert into t (name) values (?) returning id, name').all(['ก'])).toStrictEqual([
      { id: 1, name: 'ก' },
    ]);
    expect(cached.prepare('update t set name = ? where id = ?').run(['ข', 1])).toEqual({
      changes: 1,
      lastInsertRowid: 1,
    });
  });

  it('forgets its statements when the schema changes, so rows follow the columns', async () => {
    const database = memoryDatabase();
    database.exec("insert into t (name) values ('a')");
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    const all = () => db.selectFrom('t').selectAll().execute();
    expect(await all()).toEqual([{ id: 1, name: 'a' }]);
    // Same number of columns, new names: only a statement prepared again knows them.
    await sql`alter table t rename column name to label`.execute(db);
    expect(await all()).toEqual([{ id: 1, label: 'a' }]);
    await sql`alter table t add column size text`.execute(db);
    expect(await all()).toEqual([{ id: 1, label: 'a', size: null }]);
  });
});
