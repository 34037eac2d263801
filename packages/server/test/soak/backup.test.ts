import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupShop } from '../../src/backup';
import { openDatabase, type Db } from '../../src/db/database';
import { freshDatabase } from '../helpers/test-app';
import { ledgerCounts, shopProblems, snapshotShop, sqliteIntegrity } from './invariants';
import { startServerProcess, type ServerProcess } from './server-process';
import { newLedger, runLoad, seedShop, signIn, type Shop } from './shop-load';
import { SOAK } from './soak-config';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run backup -- …` as docs/operations.md gives it (the package script runs this file with tsx). */
function backupCommand(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'src/backup-main.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
}

const backupsIn = (folder: string) => fs.readdirSync(folder).sort();

describe('npm run backup (SQLite)', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let server: ServerProcess;
  let db: Db;
  let shop: Shop;
  const cleanup: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    fresh = await freshDatabase('sqlite');
    server = await startServerProcess({ dataDir: fresh.dataDir, databaseUrl: null });
    db = openDatabase({ dataDir: fresh.dataDir, databaseUrl: null });
    shop = await seedShop(db, { products: 300, maxStock: 3, customers: 40, tills: 8, seed: SOAK.seed });
    fs.mkdirSync(path.join(fresh.dataDir, 'uploads/products'), { recursive: true });
    fs.writeFileSync(path.join(fresh.dataDir, 'uploads/products/shirt.webp'), 'a product photo');
  });
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    await server?.stop();
    await db?.destroy();
    await fresh?.drop();
  });

  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-backup-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it(
    'a backup taken while a server sells restores into a shop whose figures all agree',
    async () => {
      const start = await snapshotShop(db, shop);
      const tokens = await Promise.all(shop.tills.map((t) => signIn(server.url, t.username, t.password)));
      const folder = tempDir();
      const ledger = newLedger();
      let backup: Promise<{ stdout: string }> | undefined;
      let backingUp = false;
      await runLoad(
        {
          shop,
          urlFor: () => server.url,
          operations: Math.round(SOAK.operations * 0.7),
          seed: SOAK.seed,
          onProgress: (done) => {
            if (done === Math.round(SOAK.operations * 0.3)) {
              backingUp = true;
              backup = backupCommand(['--to', folder], { DATA_DIR: fresh.dataDir }).finally(() => {
                backingUp = false;
              });
            }
          },
          // Selling goes on until the backup is done, however fast the sales (the backup is a process of
          // its own that takes seconds to start), so the backup is always a moment in the middle.
          keepGoingWhile: () => backingUp,
        },
        tokens,
        ledger,
      );
      const { stdout } = await backup!;
      expect(ledger.unexpected).toEqual([]);
      const files = backupsIn(folder);
      expect(files).toHaveLength(2);
      const [uploads, dbFile] = files as [string, string];
      expect(dbFile).toMatch(/^pos-\d{8}-\d{6}\.db$/);
      expect(uploads).toBe(dbFile.replace('.db', '-uploads'));
      expect(stdout).toContain(path.join(folder, dbFile));
      expect(fs.readFileSync(path.join(folder, uploads, 'products/shirt.webp'), 'utf8')).toBe('a product photo');

      // Restore as docs/operations.md says: the file becomes pos.db of a new data folder, the images its uploads.
      const restoredDir = tempDir();
      fs.copyFileSync(path.join(folder, dbFile), path.join(restoredDir, 'pos.db'));
      fs.cpSync(path.join(folder, uploads), path.join(restoredDir, 'uploads'), { recursive: true });
      expect(sqliteIntegrity(restoredDir)).toBe('ok');
      const restored = await startServerProcess({ dataDir: restoredDir, databaseUrl: null });
      cleanup.push(() => restored.stop());
      const restoredDb = openDatabase({ dataDir: restoredDir, databaseUrl: null });
      cleanup.push(() => restoredDb.destroy());

      // A moment in the middle of the load: some sales, not all, and every figure of that moment agrees.
      const inBackup = await restoredDb.kysely.selectFrom('sales').select('id').execute();
      console.log(
        `[backup, seed ${SOAK.seed}] ${inBackup.length} of ${ledgerCounts(ledger).sales} acknowledged sales in the backup`,
      );
      expect(inBackup.length).toBeGreaterThan(0);
      expect(inBackup.length).toBeLessThan(ledgerCounts(ledger).sales);
      expect(await shopProblems(restoredDb, start, ledger, 'subset')).toEqual([]);

      // The restored server works: a till signs in, reads a sale and sells.
      const token = await signIn(restored.url, shop.tills[0]!.username, shop.tills[0]!.password);
      const sale = await fetch(`${restored.url}/api/sales/${inBackup[0]!.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(sale.status).toBe(200);
      const photo = await fetch(`${restored.url}/uploads/products/shirt.webp`);
      expect(photo.status).toBe(200);

      // The checks see damage: a unit put on a shelf by hand, a sale's number changed, points given away.
      const sample = await restoredDb.kysely.selectFrom('sales').select(['id', 'customer_id']).orderBy('id').execute();
      const withCustomer = sample.find((s) => s.customer_id !== null)!;
      const product = shop.products[0]!;
      await restoredDb.kysely
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '+', 1) }))
        .where('id', '=', product.id)
        .execute();
      await restoredDb.kysely
        .updateTable('sales')
        .set({ document_number: 'R2500-000001' })
        .where('id', '=', sample[0]!.id)
        .execute();
      await restoredDb.kysely
        .updateTable('customers')
        .set((eb) => ({ loyalty_points: eb('loyalty_points', '+', 5) }))
        .where('id', '=', withCustomer.customer_id!)
        .execute();
      const problems = (await shopProblems(restoredDb, start, ledger, 'subset')).join('\n');
      expect(problems).toContain(`product ${product.id}: stock`);
      expect(problems).toContain('stored differently');
      expect(problems).toContain(`customer ${withCustomer.customer_id}: `);
    },
    SOAK.timeoutMs,
  );

  it('keeps the newest N backups and their images, and refuses PostgreSQL with a pointer to pg_dump', async () => {
    const folder = tempDir();
    const config = { dataDir: fresh.dataDir, databaseUrl: null, shopTimezone: 'Asia/Bangkok' };
    const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'];
    for (const day of days) await backupShop(config, { to: folder, keep: 2, now: new Date(`${day}T17:30:05Z`) });
    // 17:30:05 UTC is 00:30:05 the next day in Bangkok.
    expect(backupsIn(folder)).toEqual([
      'pos-20261123-003005-uploads',
      'pos-20261123-003005.db',
      'pos-20261124-003005-uploads',
      'pos-20261124-003005.db',
    ]);
    await expect(backupShop(config, { to: folder, now: new Date('2026-11-23T17:30:05Z') })).rejects.toThrow(
      /already exists/,
    );

    const refused = await backupCommand(['--to', folder], {
      DATA_DIR: fresh.dataDir,
      DATABASE_URL: 'postgres://pos:pos@127.0.0.1:5432/pos',
    }).catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain('pg_dump');
    const noFolder = await backupCommand([], { DATA_DIR: fresh.dataDir }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(noFolder).toMatchObject({ code: 1 });
    expect((noFolder as { stderr: string }).stderr).toContain('--to <folder>');
    expect(backupsIn(folder)).toHaveLength(4);
  });
});
