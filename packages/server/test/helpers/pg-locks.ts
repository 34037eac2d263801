import type pg from 'pg';

/** Polls until some other backend of the database waits on a lock (PostgreSQL). */
export async function untilSomeoneWaitsOnALock(client: pg.Client): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no backend ever waited on a lock');
}
