import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { FIXTURE_NOW, insertOldSale, insertUser, openAt } from './helpers/migration-fixtures';
import { ENGINES } from './helpers/test-app';

/** A product row as the table held it before variants (no unassigned stock). */
async function insertOldProduct(
  db: Db,
  p: {
    name: string;
    sku: string;
    barcode: string | null;
    stock: number;
    sizes?: string[];
    colors?: string[];
    deleted?: boolean;
  },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into products
      (name, sku, barcode, category_id, price, cost, original_price, stock, description, image_id, image_url,
       sizes, colors, search_text, created_at, updated_at, deleted_at)
    values (${p.name}, ${p.sku}, ${p.barcode}, null, 35000, 0, null, ${p.stock}, '', null, null,
      ${JSON.stringify(p.sizes ?? [])}, ${JSON.stringify(p.colors ?? [])}, ${p.name.toLowerCase()},
      ${FIXTURE_NOW}, ${FIXTURE_NOW}, ${p.deleted ? FIXTURE_NOW : null})
    returning id`.execute(db.kysely);
  return rows[0]!.id;
}

async function insertOldLine(
  db: Db,
  line: {
    saleId: number;
    productId: number;
    name: string;
    quantity: number;
    size: string | null;
    color: string | null;
  },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into sale_items
      (sale_id, product_id, product_name, sku, barcode, category, price, quantity, line_total, sizes, colors,
       size, color, original_price)
    values (${line.saleId}, ${line.productId}, ${line.name}, null, null, null, 35000, ${line.quantity},
      ${35000 * line.quantity}, ${JSON.stringify(line.size ? [line.size] : [])},
      ${JSON.stringify(line.color ? [line.color] : [])}, ${line.size}, ${line.color}, null)
    returning id`.execute(db.kysely);
  return rows[0]!.id;
}

describe.each(ENGINES)('the product variants migration on %s', (engine) => {
  it('gives every product its variants without inventing stock per variant, and links the sales recorded', async () => {
    const at = await openAt(engine, '2026112801-sale-units');
    try {
      const { db } = at;
      const seller = await insertUser(db, 'seller', 'ผู้ขาย', 'cashier');
      const bag = await insertOldProduct(db, { name: 'กระเป๋า', sku: 'BAG-1', barcode: '8850000000011', stock: 7 });
      const polo = await insertOldProduct(db, {
        name: 'โปโล',
        sku: 'POLO',
        barcode: 'POLO',
        stock: 10,
        sizes: ['M', 'L'],
        colors: ['Black', 'ดำ'],
      });
      // A code that a generated one would repeat is taken: the new one gets a counter.
      const clash = await insertOldProduct(db, { name: 'ชนกัน', sku: 'POLO-M-BLACK', barcode: null, stock: 1 });
      const gone = await insertOldProduct(db, {
        name: 'เลิกขาย',
        sku: 'OLD',
        barcode: 'OLD',
        stock: 0,
        sizes: ['S'],
        deleted: true,
      });

      const sale = await insertOldSale(db, {
        document_number: 'R2569-000001',
        created_by: seller,
        total: 105_000,
        subtotal: 105_000,
      });
      const bagLine = await insertOldLine(db, {
        saleId: sale,
        productId: bag,
        name: 'กระเป๋า',
        quantity: 1,
        size: null,
        color: null,
      });
      const poloLine = await insertOldLine(db, {
        saleId: sale,
        productId: polo,
        name: 'โปโล',
        quantity: 1,
        size: 'L',
        color: 'ดำ',
      });
      const goneLine = await insertOldLine(db, {
        saleId: sale,
        productId: gone,
        name: 'เลิกขาย',
        quantity: 1,
        size: 'S',
        color: null,
      });
      await sql`insert into refunds (sale_id, reason, amount, refund_method, refunded_by, created_at)
        values (${sale}, 'คืน', 35000, 'cash', ${seller}, ${FIXTURE_NOW})`.execute(db.kysely);
      await sql`insert into stock_movements (product_id, user_id, kind, old_quantity, new_quantity, delta, reason, sale_id, created_at)
        values (${bag}, ${seller}, 'sale', 8, 7, -1, 'R2569-000001', ${sale}, ${FIXTURE_NOW})`.execute(db.kysely);
      const totalsBefore = await db.kysely.selectFrom('sales').select(['id', 'total', 'subtotal', 'units']).execute();

      const { error } = await at.migrator.migrateToLatest();
      if (error) throw error;

      const variants = await db.kysely
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'size', 'color', 'sku', 'barcode', 'stock', 'price', 'active'])
        .orderBy('id')
        .execute();
      const of = (productId: number) => variants.filter((v) => v.product_id === productId);
      expect(of(bag)).toEqual([
        expect.objectContaining({
          size: null,
          color: null,
          sku: 'BAG-1',
          barcode: '8850000000011',
          stock: 7,
          price: null,
          active: 1,
        }),
      ]);
      expect(of(polo).map((v) => [v.size, v.color, v.sku, v.barcode, Number(v.stock)])).toEqual([
        ['M', 'Black', 'POLO-M-BLACK-2', 'POLO-M-BLACK-2', 0],
        ['M', 'ดำ', 'POLO-M-C2', 'POLO-M-C2', 0],
        ['L', 'Black', 'POLO-L-BLACK', 'POLO-L-BLACK', 0],
        ['L', 'ดำ', 'POLO-L-C2', 'POLO-L-C2', 0],
      ]);
      expect(of(gone)).toHaveLength(1);

      const products = await db.kysely
        .selectFrom('products')
        .select(['id', 'stock', 'unassigned_stock'])
        .orderBy('id')
        .execute();
      expect(products.map((p) => [p.id, Number(p.stock), Number(p.unassigned_stock)])).toEqual([
        [bag, 7, 0],
        [polo, 10, 10],
        [clash, 1, 0],
        [gone, 0, 0],
      ]);

      // One code, one holder; a deleted product holds none.
      const codes = await db.kysely
        .selectFrom('catalogue_codes')
        .select(['code', 'product_id', 'variant_id'])
        .execute();
      expect(codes.filter((c) => c.product_id === gone)).toEqual([]);
      expect(codes.find((c) => c.code === 'polo-m-black')).toMatchObject({ product_id: clash, variant_id: null });
      expect(codes.find((c) => c.code === 'polo-l-c2')).toMatchObject({
        product_id: polo,
        variant_id: of(polo)[3]!.id,
      });
      expect(
        codes
          .filter((c) => c.product_id === bag)
          .map((c) => c.code)
          .sort(),
      ).toEqual(['8850000000011', 'bag-1']);

      const lines = await db.kysely.selectFrom('sale_items').select(['id', 'variant_id']).orderBy('id').execute();
      expect(lines).toEqual([
        { id: bagLine, variant_id: of(bag)[0]!.id },
        { id: poloLine, variant_id: of(polo)[3]!.id },
        { id: goneLine, variant_id: of(gone)[0]!.id },
      ]);
      const movement = await db.kysely.selectFrom('stock_movements').select('variant_id').executeTakeFirstOrThrow();
      expect(movement.variant_id).toBe(of(bag)[0]!.id);
      expect(await db.kysely.selectFrom('sales').select(['id', 'total', 'subtotal', 'units']).execute()).toEqual(
        totalsBefore,
      );

      // A second product may not take a variant's code: the database itself refuses it.
      await expect(
        db.kysely
          .insertInto('catalogue_codes')
          .values({ code: 'polo-l-c2', product_id: bag, variant_id: null })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await at.db.destroy();
      await at.drop();
    }
  });
});
