import { expect } from 'vitest';
import { rebuildReportRollups } from '../../src/features/reports/rollups.service';
import type { TestApp } from './test-app';

/** Every rollup row, in key order, as plain numbers and text. */
async function rollupRows(t: TestApp) {
  const db = t.built.deps.db.kysely;
  return {
    days: await db.selectFrom('report_days').selectAll().orderBy('day').orderBy('payment_method').execute(),
    products: await db.selectFrom('report_product_days').selectAll().orderBy('day').orderBy('product_name').execute(),
    productMonths: await db
      .selectFrom('report_product_months')
      .selectAll()
      .orderBy('month')
      .orderBy('product_name')
      .execute(),
    customers: await db.selectFrom('report_customer_days').selectAll().orderBy('day').orderBy('customer_id').execute(),
  };
}

/** The rollups as kept by the transactions, then as computed again from the sales: must be equal. */
export async function expectRollupsEqualRecomputation(t: TestApp) {
  const kept = await rollupRows(t);
  await t.built.deps.db.kysely.transaction().execute((trx) => rebuildReportRollups(trx, t.config.shopTimezone));
  expect(kept).toEqual(await rollupRows(t));
  return kept;
}
