import { describe, expect, it } from 'vitest';
import { insertOldSale, insertUser, openAt } from './helpers/migration-fixtures';
import { ENGINES } from './helpers/test-app';

describe.each(ENGINES)('the sale units migration on %s', (engine) => {
  it("gives every sale already there the sum of its lines' quantities, and a sale without lines none", async () => {
    const at = await openAt(engine, '2026112797-sales-search');
    try {
      const seller = await insertUser(at.db, 'seller', 'ผู้ขาย', 'cashier');
      const withLines = await insertOldSale(at.db, { document_number: 'R2569-000001', created_by: seller });
      const withoutLines = await insertOldSale(at.db, { document_number: 'R2569-000002', created_by: seller });
      const line = (quantity: number, name: string) => ({
        sale_id: withLines,
        product_id: null,
        product_name: name,
        sku: name,
        barcode: null,
        category: null,
        price: 5_000,
        original_price: null,
        quantity,
        line_total: 5_000 * quantity,
        size: null,
        color: null,
        sizes: '[]',
        colors: '[]',
      });
      await at.db.kysely
        .insertInto('sale_items')
        .values([line(2, 'เสื้อ'), line(3, 'กางเกง')])
        .execute();
      const { error } = await at.migrator.migrateToLatest();
      if (error) throw error;
      const rows = await at.db.kysely.selectFrom('sales').select(['id', 'units']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: withLines, units: 5 },
        { id: withoutLines, units: 0 },
      ]);
    } finally {
      await at.db.destroy();
      await at.drop();
    }
  });
});
