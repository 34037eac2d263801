import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept prepared: the app's few hundred, with room for `in (…)` lists of other lengths. */
const DEFAULT_CAPACITY = 1000;

/** A statement that changes the schema: the columns a cached statement answers may change with it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

type Row = Record<string, unknown>;

/**
 * A reading statement whose rows are made by a function written for its columns. better-sqlite3 builds
 * each row object through V8's API one column at a time, ~6 % of a sale's instructions on the main thread
 * (issue 17, callgrind); asked for as arrays and made by one object literal, a sale took 1-2.5 % fewer.
 * The rows are the same: a repeated column name keeps its last value, as in better-sqlite3's.
 */
class LiteralRows {
  private constructor(
    private readonly statement: Database.Statement,
    private readonly makeRow: (values: unknown[]) => Row,
  ) {}

  /** `statement` itself when it answers no rows, or names a column `__proto__` (an object literal would set the prototype). */
  static of(statement: Database.Statement): Database.Statement | LiteralRows {
    if (!statement.reader) return statement;
    const names = statement.columns().map((column) => column.name);
    if (names.includes('__proto__')) return statement;
    const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
    // Written from the statement's own column names, each quoted as a JSON string.
    const makeRow = new Function('values', `return { ${fields} };`) as (values: unknown[]) => Row;
    statement.raw(true);
    return new LiteralRows(statement, makeRow);
  }

  get reader(): boolean {
    return true;
  }

  /** Streams under way: only then is the statement worth asking (a call into better-sqlite3) whether it is busy. */
  private streams = 0;

  get busy(): boolean {
    return this.streams > 0 && this.statement.busy;
  }

  all(parameters: readonly unknown[]): Row[] {
    const rows = this.statement.all(parameters) as unknown[][];
    const out: Row[] = new Array<Row>(rows.length);
    for (let i = 0; i < rows.length; i += 1) out[i] = this.makeRow(rows[i]!);
    return out;
  }

  run(parameters: readonly unknown[]): Database.RunResult {
    return this.statement.run(parameters);
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<Row> {
    this.streams += 1;
    try {
      for (const values of this.statement.iterate(parameters) as IterableIterator<unknown[]>)
        yield this.makeRow(values);
    } finally {
      this.streams -= 1;
    }
  }
}

interface Cached {
  statement: Database.Statement | LiteralRows;
  /** Only a reading statement can be in the middle of a streamed read. */
  reads: boolean;
  lastUse: number;
}

/**
 * A better-sqlite3 database for Kysely's SQLite dialect that keeps prepared statements by SQL text.
 * Kysely prepares every statement anew, which cost about a quarter of a sale's CPU under load (issue 17);
 * a statement is reused only when it is not in the middle of a streamed read (`busy`), and the least
 * recently used ones are dropped beyond `capacity`. A schema change (migrations) empties the cache, since
 * a cached statement's rows are made for the columns it had when prepared. A hit only stamps its use (the
 * map is not reordered, ~1 % of a sale's CPU), and the oldest stamp is looked for when one must go.
 */
export function withStatementCache(database: Database.Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const statements = new Map<string, Cached>();
  let uses = 0;
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !(cached.reads && cached.statement.busy)) {
        cached.lastUse = ++uses;
        return cached.statement;
      }
      if (SCHEMA_CHANGE.test(sql)) {
        statements.clear();
        return database.prepare(sql);
      }
      const prepared = database.prepare(sql);
      const statement = LiteralRows.of(prepared);
      if (cached) return statement; // the cached one is streaming: this one is for this call only
      statements.set(sql, { statement, reads: prepared.reader, lastUse: ++uses });
      if (statements.size > capacity) statements.delete(leastRecentlyUsed(statements));
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

function leastRecentlyUsed(statements: Map<string, Cached>): string {
  let oldest = '';
  let oldestUse = Infinity;
  for (const [sql, { lastUse }] of statements) {
    if (lastUse < oldestUse) {
      oldest = sql;
      oldestUse = lastUse;
    }
  }
  return oldest;
}
