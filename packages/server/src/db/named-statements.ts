import pg from 'pg';

/**
 * PostgreSQL: the statements the server runs again and again (those of `prepared`, whose text is fixed per
 * shape of their arguments) are sent as named prepared statements: each connection has PostgreSQL parse
 * and plan one once, and afterwards sends only its values. Sent unnamed, as Kysely sends everything, each
 * was parsed and planned anew every time: 1.2 ms of PostgreSQL's CPU per sale, measured with
 * pg_stat_statements (issue 32), on a database server every till shares.
 *
 * At most MAX_NAMED texts get a name, the first ones asked for (a server's fixed statements number in the
 * hundreds); each connection keeps a plan for those it has run, for its life.
 */
const MAX_NAMED = 1000;
const names = new Map<string, string>();

/** Marks `sql` as a statement to prepare by name on PostgreSQL (from here on, while there is room). */
export function nameStatement(sql: string): void {
  if (names.size < MAX_NAMED && !names.has(sql)) names.set(sql, `pos_${names.size + 1}`);
}

/** The name `sql` is prepared under, if it has one. */
export function statementName(sql: string): string | undefined {
  return names.get(sql);
}

/**
 * A `pg` client that sends the statements named by `nameStatement` as named prepared statements, and every
 * other one as it is. Kysely calls `query(text, values)`.
 */
export class NamingClient extends pg.Client {
  // pg's own overloads (text or config, values or callback) pass through untouched.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwards whatever pg's overloads take
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' && Array.isArray(values) ? names.get(config) : undefined;
    if (name === undefined) return super.query(config, values, callback);
    return super.query({ name, text: config, values }, callback);
  }
}
