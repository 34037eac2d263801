import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './test-app';

/** Every table's row count and a checksum of its rows: equal snapshots mean no table changed. */
export type TableSnapshot = Record<string, { rows: number; checksum: string }>;

/**
 * The tables that hold data: on SQLite not the full-text indexes (virtual tables, and the shadow tables
 * that keep them), which are derived from the others and some of which cannot even be read whole.
 */
async function tableNames(t: TestApp): Promise<string[]> {
  const db = t.built.deps.db;
  const rows =
    db.engine === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'`.execute(
          db.kysely,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
          db.kysely,
        );
  // The migration bookkeeping tables never change at run time.
  return rows.rows.map((r) => r.name).filter((name) => !name.startsWith('kysely_'));
}

/** Reads every table; rows are ordered by their text so the checksum does not depend on scan order. */
export async function snapshotTables(t: TestApp, skip: readonly string[] = []): Promise<TableSnapshot> {
  const snapshot: TableSnapshot = {};
  const names = await tableNames(t);
  // A skipped table that does not exist is a test gone stale (a renamed table), not something to ignore.
  const unknown = skip.filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`snapshotTables: no table ${unknown.join(', ')}`);
  for (const name of names) {
    if (skip.includes(name)) continue;
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.built.deps.db.kysely);
    const lines = result.rows.map((row) =>
      JSON.stringify(row, (_key, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
    );
    lines.sort();
    snapshot[name] = { rows: lines.length, checksum: createHash('sha256').update(lines.join('\n')).digest('hex') };
  }
  return snapshot;
}
