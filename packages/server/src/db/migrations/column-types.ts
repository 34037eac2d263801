import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { DatabaseEngine } from '../../config';

/** An auto-numbered primary key: INTEGER on SQLite, identity on PostgreSQL. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, engine: DatabaseEngine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
