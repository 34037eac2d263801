import { sql, type Compilable } from 'kysely';
import { compilableOn, type DbExecutor } from './executor';

/**
 * PostgreSQL: several writes that need nothing of each other's answers, sent as ONE statement (the
 * first as the main statement, the others as data-modifying WITH queries), answering the first's rows.
 * A sale holds the locks it took (stock, the document counter, the day's report rows) until it commits,
 * and every round trip before the commit made every other till wait that much longer (issue 32).
 *
 * They run in the order given: PostgreSQL runs the main statement first and then the WITH queries from
 * the last written to the first (`one-statement.test.ts` holds the server to it), so they are written in
 * reverse. Writers that take the same rows' locks through here therefore take them in one order and
 * never deadlock. No two of them may change the same row (PostgreSQL refuses that in one statement).
 */
export function inOneStatement<Row>(
  db: DbExecutor,
  first: Compilable<Row>,
  ...then: Compilable<unknown>[]
): Compilable<Row> {
  if (then.length === 0) return first;
  const named = then.map((statement, i) => ({ name: sql.raw(`then_${i + 1}`), statement })).reverse();
  const withQueries = sql.join(
    named.map(({ name, statement }) => sql`${name} as (${statement})`),
    sql`, `,
  );
  return compilableOn(db, sql<Row>`with ${withQueries} ${first}`);
}
