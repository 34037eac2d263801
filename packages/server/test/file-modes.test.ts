import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@pos/core';
import { afterAll, describe, expect, it } from 'vitest';
import { backupShop } from '../src/backup';
import { buildDemo } from '../src/demo/demo-build';
import { DEMO_DEFAULTS } from '../src/demo/demo-run';
import { startServer } from '../src/server';
import { makePng, productFormFields, sendForm } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { configOfDatabase, ENGINES, freshDatabase, useTestApp } from './helpers/test-app';

/** The permission bits of a file or folder, e.g. 0o600. */
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Every folder and file under `root` (itself included) with its mode, as `path mode` lines that read well in a diff. */
function modesUnder(root: string): string[] {
  const lines = [`. ${modeOf(root).toString(8)}`];
  for (const entry of fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    lines.push(`${entry} ${modeOf(path.join(root, entry)).toString(8)}`);
  }
  return lines;
}

/** What `modesUnder` should say: folders 700, files 600. */
function privateModes(root: string): string[] {
  const lines = ['. 700'];
  for (const entry of fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    lines.push(`${entry} ${fs.statSync(path.join(root, entry)).isDirectory() ? '700' : '600'}`);
  }
  return lines;
}

/** The files SQLite keeps beside a database, where they exist. */
const SQLITE_FILES = ['pos.db', 'pos.db-wal', 'pos.db-shm', 'pos.db-migration-lock'];

describe.each(ENGINES)('files a server writes on %s', (engine) => {
  const t = useTestApp(engine);

  it('are readable by the shop’s own account only: data and uploads folders 0700, database, WAL and images 0600', async () => {
    const token = await t.adminToken();
    const made = await sendForm<{ product: Product }>(t, 'POST', '/api/products', {
      token,
      fields: productFormFields(),
      file: { data: await makePng(), filename: 'shirt.png', type: 'image/png' },
    });
    expect(made.status).toBe(201);
    const sold = await postSale(
      t,
      token,
      salePayload([{ product: made.body.product, quantity: 1, size: 'S', color: 'ขาว' }]),
    );
    expect(sold.status).toBe(201);

    const dataDir = t.config.dataDir;
    expect(modeOf(dataDir).toString(8)).toBe('700');
    if (engine === 'sqlite') {
      for (const file of SQLITE_FILES)
        expect(`${file} ${modeOf(path.join(dataDir, file)).toString(8)}`).toBe(`${file} 600`);
    }
    const uploads = path.join(dataDir, 'uploads');
    expect(fs.readdirSync(path.join(uploads, 'products'))).toHaveLength(1);
    expect(modesUnder(uploads)).toEqual(privateModes(uploads));
  });
});

/** Opens everything up as an install made before this rule would have it (umask 022, older images). */
function loosen(dataDir: string): void {
  fs.chmodSync(dataDir, 0o755);
  for (const entry of fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dataDir, entry);
    fs.chmodSync(file, fs.statSync(file).isDirectory() ? 0o755 : 0o644);
  }
}

describe.each(ENGINES)('an existing install on %s', (engine) => {
  it('has its data folder, database files, WAL and images tightened when a server starts', async () => {
    const fresh = await freshDatabase(engine);
    try {
      const config = configOfDatabase(fresh);
      const listen = { port: 0, host: '127.0.0.1' };
      // The install's first server keeps running: its WAL and shared-memory files are there, as a
      // second server process on the same folder (or the first one restarted after a crash) finds them.
      const first = await startServer(config, { listen, notificationWorker: 'manual' });
      try {
        fs.mkdirSync(path.join(config.dataDir, 'uploads/products'), { recursive: true });
        fs.writeFileSync(path.join(config.dataDir, 'uploads/products/old.png'), await makePng());
        fs.writeFileSync(path.join(config.dataDir, 'uploads/logo-old.png'), await makePng());
        loosen(config.dataDir);
        if (engine === 'sqlite') expect(modeOf(path.join(config.dataDir, 'pos.db-wal')).toString(8)).toBe('644');

        const second = await startServer(config, { listen, notificationWorker: 'manual' });
        try {
          expect(modeOf(config.dataDir).toString(8)).toBe('700');
          if (engine === 'sqlite') {
            for (const file of SQLITE_FILES)
              expect(`${file} ${modeOf(path.join(config.dataDir, file)).toString(8)}`).toBe(`${file} 600`);
          }
          const uploads = path.join(config.dataDir, 'uploads');
          expect(modesUnder(uploads)).toEqual(privateModes(uploads));
        } finally {
          await second.stop();
        }
      } finally {
        await first.stop();
      }
    } finally {
      await fresh.drop();
    }
  });
});

describe('npm run backup', () => {
  const cleanup: string[] = [];
  afterAll(() => cleanup.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('writes its folder 0700 and the database copy and images 0600, and tightens the backups already there', async () => {
    const fresh = await freshDatabase('sqlite');
    try {
      const config = configOfDatabase(fresh);
      const server = await startServer(config, {
        listen: { port: 0, host: '127.0.0.1' },
        notificationWorker: 'manual',
      });
      await server.stop();
      fs.mkdirSync(path.join(config.dataDir, 'uploads/products'), { recursive: true });
      fs.writeFileSync(path.join(config.dataDir, 'uploads/products/shirt.png'), await makePng());
      loosen(config.dataDir);

      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-backup-modes-'));
      cleanup.push(folder);
      fs.chmodSync(folder, 0o755);
      // A backup an earlier version wrote: world-readable.
      fs.writeFileSync(path.join(folder, 'pos-20200101-000000.db'), 'an old backup');
      fs.mkdirSync(path.join(folder, 'pos-20200101-000000-uploads/products'), { recursive: true });
      fs.writeFileSync(path.join(folder, 'pos-20200101-000000-uploads/products/old.png'), 'an old image');
      loosen(folder);

      const result = await backupShop(config, { to: folder, keep: 5 });
      expect(result.uploads).not.toBeNull();
      expect(fs.readdirSync(result.uploads!, { recursive: true })).toContain(path.join('products', 'shirt.png'));
      expect(modesUnder(folder)).toEqual(privateModes(folder));

      // Into a folder that is not there yet.
      const fresh2 = path.join(folder, 'nested', 'pos');
      await backupShop(config, { to: fresh2, now: new Date(Date.now() + 5_000) });
      expect(modesUnder(fresh2)).toEqual(privateModes(fresh2));
    } finally {
      await fresh.drop();
    }
  });
});

describe.each(ENGINES)('npm run demo on %s', (engine) => {
  it('leaves the database and its images 0600 in a 0700 folder', async () => {
    const fresh = await freshDatabase(engine);
    try {
      const config = configOfDatabase(fresh);
      fs.chmodSync(config.dataDir, 0o755);
      const result = await buildDemo(config, {
        ...DEMO_DEFAULTS,
        days: 1,
        products: 3,
        customers: 2,
        force: false,
        today: '2026-11-27',
      });
      expect(result.refused).toBe(false);
      expect(modesUnder(config.dataDir)).toEqual(privateModes(config.dataDir));
      if (engine === 'sqlite') expect(fs.existsSync(path.join(config.dataDir, 'pos.db'))).toBe(true);
      expect(fs.readdirSync(path.join(config.dataDir, 'uploads/products'))).toHaveLength(3);
    } finally {
      await fresh.drop();
    }
  });
});
