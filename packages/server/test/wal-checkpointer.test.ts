import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import { startWalCheckpointer } from '../src/db/wal-checkpointer';

const dirs: string[] = [];
const dbs: Db[] = [];

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Rows of `note` in the database file alone, as a copy without its WAL would show them. */
function rowsInTheFileItself(file: string): number {
  const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-wal-copy-'));
  dirs.push(copyDir);
  fs.copyFileSync(file, path.join(copyDir, 'copy.db'));
  const copy = new Database(path.join(copyDir, 'copy.db'), { readonly: true });
  try {
    const table = copy.prepare(`select count(*) as n from sqlite_master where name = 'note'`).get() as { n: number };
    return table.n === 0 ? 0 : (copy.prepare('select count(*) as n from note').get() as { n: number }).n;
  } finally {
    copy.close();
  }
}

describe('the WAL checkpointer (SQLite)', () => {
  // The worker does not keep a finished process alive, but stopping it must: `npm run bench` awaited a server's
  // stop with nothing else running, and the process ended there (exit code 13) before its next part.
  it('finishes stopping in a process with nothing else to do', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-wal-stop-'));
    dirs.push(dir);
    const database = pathToFileURL(path.join(import.meta.dirname, '../src/db/database.ts')).href;
    const script = `const { openDatabase } = await import(${JSON.stringify(database)});
      const db = openDatabase({ databaseUrl: null, dataDir: ${JSON.stringify(dir)} });
      await db.kysely.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      await db.destroy();
      console.log('stopped');`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: import.meta.dirname, timeout: 30_000 },
    );
    expect(stdout.trim()).toBe('stopped');
  });

  it('copies committed writes into the database file from its worker, without the writer checkpointing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-wal-'));
    dirs.push(dir);
    const db = openDatabase({ databaseUrl: null, dataDir: dir });
    dbs.push(db);
    await sql`create table note (id integer primary key, body text not null)`.execute(db.kysely);
    // Far under the writer's own checkpoint threshold (4,000 pages): only the worker copies these.
    for (let i = 0; i < 50; i += 1) {
      await db.writeTransaction((trx) => sql`insert into note (body) values (${`n${i}`})`.execute(trx));
    }
    await vi.waitFor(() => expect(rowsInTheFileItself(path.join(dir, 'pos.db'))).toBe(50), { timeout: 3000 });
  });

  it('tells the writer when its worker stops, so the writer can checkpoint again itself', async () => {
    const onFailure = vi.fn();
    // No such directory: the worker cannot open the file and ends.
    const checkpointer = startWalCheckpointer(
      path.join(os.tmpdir(), 'pos-no-such-dir', 'missing', 'pos.db'),
      onFailure,
    );
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalled(), { timeout: 3000 });
    await checkpointer.stop();
  });
});
