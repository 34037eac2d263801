import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { findLiveCustomer } from '../src/features/customers/customers.queries';
import { findLiveProduct } from '../src/features/products/products.queries';
import { countOtherActiveAdmins } from '../src/features/users/users.queries';

// Query functions lock rows themselves; SQLite, which has no `for update`, must still run them.
describe('row locks on SQLite', () => {
  let dataDir: string;
  let db: Db;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-row-locks-'));
    db = openDatabase({ dataDir, databaseUrl: null });
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leave `for update` out of the statement', () => {
    const query = db.kysely.selectFrom('customers').select('id').forUpdate();
    expect(query.compile().sql).not.toMatch(/for update/i);
  });

  it('run the locking reads inside a write transaction', async () => {
    const found = await db.kysely.transaction().execute(async (trx) => ({
      customer: await findLiveCustomer(trx, 1, { lock: true }),
      product: await findLiveProduct(trx, 1, { lock: true }),
      otherAdmins: await countOtherActiveAdmins(trx, 0),
    }));
    expect(found).toEqual({ customer: undefined, product: undefined, otherAdmins: 0 });
  });
});
