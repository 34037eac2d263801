import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backupShop } from '../src/backup';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-backup-writes-'));
  dirs.push(dir);
  return dir;
}

describe('backup while another connection keeps committing', () => {
  it('finishes with the database at one moment, instead of starting over at every commit', async () => {
    const dataDir = tempDir();
    const writer = new Database(path.join(dataDir, 'pos.db'));
    writer.pragma('journal_mode = WAL');
    writer.exec('create table note (id integer primary key, body text not null)');
    // Several hundred pages, so that a copy in small steps takes many steps.
    const insert = writer.prepare('insert into note (body) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 2000; i += 1) insert.run('x'.repeat(1000));
    })();
    const stopSignal = new SharedArrayBuffer(4);
    // Another thread commits over and over while the backup runs, as selling servers do.
    const committer = new Worker(
      `const { workerData } = require('node:worker_threads');
      const db = new (require(workerData.driver))(workerData.file);
      db.pragma('busy_timeout = 5000');
      const insert = db.prepare("insert into note (body) values ('a sale')");
      const stop = new Int32Array(workerData.stop);
      while (Atomics.load(stop, 0) === 0) insert.run();
      db.close();`,
      {
        eval: true,
        workerData: {
          driver: createRequire(import.meta.url).resolve('better-sqlite3'),
          file: path.join(dataDir, 'pos.db'),
          stop: stopSignal,
        },
      },
    );
    const stopped = new Promise((resolve) => committer.once('exit', resolve));
    try {
      const backup = backupShop({ dataDir, databaseUrl: null, shopTimezone: 'Asia/Bangkok' }, { to: tempDir() });
      const outcome = await Promise.race([
        backup.then((result) => result.file),
        new Promise<string>((resolve) => setTimeout(() => resolve('still copying after 5 s'), 5000)),
      ]);
      expect(outcome).toMatch(/pos-\d{8}-\d{6}\.db$/);
      const copy = new Database(outcome, { readonly: true });
      const rows = (copy.prepare('select count(*) as n from note').get() as { n: number }).n;
      copy.close();
      expect(rows).toBeGreaterThanOrEqual(2000);
    } finally {
      Atomics.store(new Int32Array(stopSignal), 0, 1);
      await stopped;
      writer.close();
    }
  }, 15_000);
});
