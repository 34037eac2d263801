import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept prepared: the app's few hundred, with room for `in (…)` lists of other lengths. */
const DEFAULT_CAPACITY = 1000;

/**
 * A better-sqlite3 database for Kysely's SQLite dialect that keeps prepared statements by SQL text.
 * Kysely prepares every statement anew, which cost about a quarter of a sale's CPU under load (issue 17);
 * a statement is reused only when it is not in the middle of a streamed read (`busy`), and the least
 * recently used ones are dropped beyond `capacity`.
 */
export function withStatementCache(database: Database.Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Map order is insertion order: move it to the end, the most recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (cached) return statement; // the cached one is streaming: this one is for this call only
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
