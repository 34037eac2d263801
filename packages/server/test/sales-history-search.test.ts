import type { SalesListResponse } from '@pos/core';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { listSaleIds } from '../src/features/sale-records/sale-search.queries';
import { shopDayOf } from '../src/calendar/shop-day';
import { buildProduct } from './helpers/catalogue-factories';
import { insertOldSale, insertUser, openAt } from './helpers/migration-fixtures';
import { buildSaleCustomer, postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

// Sales-history search by index (issue 32): what a search finds stays what the LIKE conditions find.

async function ids(t: TestApp, token: string, query: Record<string, string>): Promise<number[]> {
  const res = await t.request<SalesListResponse>('GET', `/api/sales?${new URLSearchParams(query)}`, { token });
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(res.body.sales.length);
  return res.body.sales.map((s) => s.id);
}

/** The statements `run` sends through `db`, compiled. */
async function statementsOf(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<unknown>): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const executor = db.getExecutor();
  await run(
    db.withPlugin({
      transformQuery: ({ node }) => {
        seen.push(executor.compileQuery(node, { queryId: 'search' }));
        return node;
      },
      transformResult: async ({ result }) => result,
    }),
  );
  return seen;
}

describe.each(ENGINES)('sales-history search on %s', (engine) => {
  const t = useTestApp(engine);

  it('finds Thai text, any case, %, _ and quotes literally, with terms short and long', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const sarong = await buildProduct(t, { price: 350, stock: 10, name: 'ผ้าถุงลายดอก "พิเศษ"', sku: 'Sarong-Mix-9' });
    const sale50 = await buildProduct(t, { price: 100, stock: 10, name: 'ลด 50% ทั้งร้าน', sku: 'PCT_50' });
    const plain = await buildProduct(t, { price: 100, stock: 10, name: 'ลด 5000 บาท', sku: 'PCTX50' });
    const nok = await buildSaleCustomer(t, 0, 'นกน้อย ศรีสุข');
    const one = (await postSale(t, token, salePayload([{ product: sarong, quantity: 1 }], { customerId: nok.id }))).body
      .sale;
    const two = (await postSale(t, token, salePayload([{ product: sale50, quantity: 1 }]))).body.sale;
    const three = (await postSale(t, token, salePayload([{ product: plain, quantity: 1 }]))).body.sale;

    expect(await ids(t, token, { search: 'ลายดอก' })).toEqual([one.id]);
    expect(await ids(t, token, { search: 'ศรีสุข' })).toEqual([one.id]);
    // Two characters have no trigram: every sale is read, and the same ones are found.
    expect(await ids(t, token, { search: 'ลา' })).toEqual([one.id]);
    expect(await ids(t, token, { search: 'sARONG-mix' })).toEqual([one.id]);
    expect(await ids(t, token, { search: '"พิเศษ"' })).toEqual([one.id]);
    expect(await ids(t, token, { search: 'พิเศษ" OR "ลด' })).toEqual([]);
    expect(await ids(t, token, { search: '50%' })).toEqual([two.id]);
    expect(await ids(t, token, { search: 'pct_5' })).toEqual([two.id]);
    expect(await ids(t, token, { search: '%%%' })).toEqual([]);
    expect(await ids(t, token, { search: 'ลด' })).toEqual([three.id, two.id]);
    // The document number's letters in either case, and its tail.
    expect(await ids(t, token, { search: two.document_number.toLowerCase() })).toEqual([two.id]);
    expect(await ids(t, token, { search: three.document_number.slice(-4) })).toContain(three.id);
    // No match across the boundary of two columns (the product name's end and the SKU's start).
    expect(await ids(t, token, { search: 'ร้านPCT' })).toEqual([]);

    // A product renamed (in its row, as the catalogue does): each sale is found by the name it was sold under.
    await t.built.deps.db.kysely
      .updateTable('products')
      .set({ name: 'ผ้าซิ่นตีนจก' })
      .where('id', '=', sarong.id)
      .execute();
    const four = (await postSale(t, token, salePayload([{ product: { ...sarong, name: 'ผ้าซิ่นตีนจก' }, quantity: 1 }])))
      .body.sale;
    expect(await ids(t, token, { search: 'ลายดอก' })).toEqual([one.id]);
    expect(await ids(t, token, { search: 'ตีนจก' })).toEqual([four.id]);
    expect(await ids(t, token, { search: 'sarong-mix' })).toEqual([four.id, one.id]);
  });

  it('finds what the scan of every sale finds, for terms in any case, Latin letters with accents included', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const cake = await buildProduct(t, { price: 60, stock: 20, name: 'ÉCLAIR Café Crème', sku: 'Éc-Çafé-01' });
    const guest = await buildSaleCustomer(t, 0, 'Émile ÇÀVA เอมิล');
    const sold = [
      (await postSale(t, token, salePayload([{ product: cake, quantity: 1 }], { customerId: guest.id }))).body.sale,
      (await postSale(t, token, salePayload([{ product: cake, quantity: 2 }]))).body.sale,
    ];
    const db = t.built.deps.db.kysely;
    // The search as it was before any index: lower(column) LIKE '%term%' over every sale and line.
    const scanned = async (search: string) => {
      const term = search.trim().toLowerCase();
      const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await sql<{ id: number }>`select sales.id from sales where
        lower(sales.document_number) like ${pattern} escape '\\'
        or lower(coalesce(sales.customer_name, '')) like ${pattern} escape '\\'
        or exists (select 1 from customers where customers.id = sales.customer_id
          and lower(customers.name) like ${pattern} escape '\\')
        or exists (select 1 from sale_items where sale_items.sale_id = sales.id
          and (lower(sale_items.product_name) like ${pattern} escape '\\'
            or lower(coalesce(sale_items.sku, '')) like ${pattern} escape '\\'))
        order by sales.id desc`.execute(db);
      return rows.map((r) => r.id).filter((id) => sold.some((s) => s.id === id));
    };
    for (const term of [
      'ÉCLAIR',
      'éclair',
      'Éclair',
      'eclair',
      'CAFÉ',
      'café',
      'crème',
      'ÉMILE',
      'émile',
      'çàva',
      'ÇÀVA',
      'C-ÇA',
      'éc-ç',
      'เอมิล',
      'ile Ç',
    ]) {
      const found = (await ids(t, token, { search: term })).filter((id) => sold.some((s) => s.id === id));
      expect({ term, found }).toEqual({ term, found: await scanned(term) });
    }
  });

  it('finds a sale by its customer renamed after it, by the name it was sold under, and by a dashed phone', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const mug = await buildProduct(t, { price: 120, stock: 10, name: 'แก้วกาแฟ' });
    const customer = await buildSaleCustomer(t, 0, 'มานะ ขยันยิ่ง');
    const sale = (await postSale(t, token, salePayload([{ product: mug, quantity: 1 }], { customerId: customer.id })))
      .body.sale;
    const renamed = await t.request('PUT', `/api/customers/${customer.id}`, {
      token: await t.adminToken(),
      body: { name: 'มานี ตั้งใจเรียน' },
    });
    expect(renamed.status).toBe(200);

    expect(await ids(t, token, { search: 'ตั้งใจเรียน' })).toEqual([sale.id]);
    expect(await ids(t, token, { search: 'ขยันยิ่ง' })).toEqual([sale.id]);
    const phone = customer.phone;
    expect(await ids(t, token, { search: `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` })).toEqual([
      sale.id,
    ]);
    expect(await ids(t, token, { search: `-${phone.slice(-4)}` })).toEqual([sale.id]);
  });

  it('sums a range of whole days from the day rollups exactly as from the sales and their lines', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const admin = await t.adminToken();
    const sock = await buildProduct(t, { price: 45, stock: 50, name: 'ถุงเท้าช่วงวัน' });
    const belt = await buildProduct(t, { price: 390, stock: 50, name: 'เข็มขัดช่วงวัน' });
    const [ann, ben, cat] = [
      await buildSaleCustomer(t, 0, 'แอนช่วงวัน'),
      await buildSaleCustomer(t, 0, 'เบนช่วงวัน'),
      await buildSaleCustomer(t, 0, 'แคทช่วงวัน'),
    ];
    // On a day of their own, 40 days back, through the sale path (which keeps the rollups).
    const back = 40 * 24 * 60 * 60 * 1000;
    t.advanceClock(-back);
    try {
      const kept = (await postSale(t, token, salePayload([{ product: sock, quantity: 3 }], { customerId: ann.id })))
        .body.sale;
      const part = (
        await postSale(
          t,
          token,
          salePayload(
            [
              { product: sock, quantity: 2 },
              { product: belt, quantity: 1 },
            ],
            { customerId: ben.id },
          ),
        )
      ).body.sale;
      const whole = (await postSale(t, token, salePayload([{ product: belt, quantity: 1 }], { customerId: cat.id })))
        .body.sale;
      const walkIn = (await postSale(t, token, salePayload([{ product: sock, quantity: 2 }]))).body.sale;
      const partRefund = await t.request('POST', `/api/sales/${part.id}/refund`, {
        token: admin,
        body: { lines: [{ saleItemId: part.items[1]!.id, quantity: 1 }] },
      });
      expect(partRefund.status).toBe(201);
      const wholeRefund = await t.request('POST', `/api/sales/${whole.id}/refund`, { token: admin, body: {} });
      expect(wholeRefund.status).toBe(201);
      const day = shopDayOf(kept.created_at, t.built.deps.config.shopTimezone);
      expect(shopDayOf(walkIn.created_at, t.built.deps.config.shopTimezone)).toBe(day);

      const byDays = await t.request<SalesListResponse>(
        'GET',
        `/api/sales?${new URLSearchParams({ startDate: day, endDate: day, limit: '1' })}`,
        { token },
      );
      expect(byDays.status).toBe(200);
      expect(byDays.body.total).toBe(4);
      expect(byDays.body.summary).toEqual({
        totalAmount: [kept, part, whole, walkIn].reduce((sum, s) => Math.round((sum + s.total) * 100) / 100, 0),
        refundedAmount: Math.round((390 + whole.total) * 100) / 100,
        itemsSold: 3 + 2 + 1 + 1 + 2,
        uniqueCustomers: 3,
      });
      // The same sales found by a search read their lines: the same figures.
      const bySearch = await t.request<SalesListResponse>(
        'GET',
        `/api/sales?${new URLSearchParams({ search: 'ช่วงวัน', startDate: day, endDate: day })}`,
        { token },
      );
      expect(bySearch.body.total).toBe(4);
      expect(bySearch.body.summary).toEqual(byDays.body.summary);
    } finally {
      t.advanceClock(back);
    }
  });

  it('finds a term by index, not by reading every sale and line', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const tee = await buildProduct(t, { price: 100, stock: 10, name: 'เสื้อยืดดัชนี' });
    const sale = (await postSale(t, token, salePayload([{ product: tee, quantity: 1 }]))).body.sale;
    const db = t.built.deps.db.kysely;
    const [statement] = await statementsOf(db, (traced) =>
      listSaleIds(traced, { search: sale.document_number.slice(-6) }, 51),
    );
    if (engine === 'sqlite') {
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement!.sql}`, [...statement!.parameters]),
      );
      const details = plan.rows.map((r) => r.detail);
      expect(details.filter((d) => /^SCAN (sales|sale_items)\b/.test(d))).toEqual([]);
      expect(details.join('\n')).toMatch(/sales_search VIRTUAL TABLE/);
      expect(details.join('\n')).toMatch(/SCAN sale_line_names/);
    } else {
      // These tables are tiny: told not to scan them, the planner shows which indexes serve the search.
      const plan = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${statement!.sql}`, [...statement!.parameters]),
        );
      });
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      for (const index of [
        'sales_document_number_trgm',
        'sales_customer_name_trgm',
        'sale_items_product_name_trgm',
        'sale_items_sku_trgm',
      ]) {
        expect(text).toContain(index);
      }
    }
  });
});

describe.each(ENGINES)('the sales-search migration on %s', (engine) => {
  it('indexes the sales and lines already there', async () => {
    const at = await openAt(engine, '2026112792-split-payments');
    try {
      const seller = await insertUser(at.db, 'seller', 'ผู้ขาย', 'cashier');
      const old = await insertOldSale(at.db, {
        document_number: 'R2569-000777',
        created_by: seller,
        customer_name: 'บุญมี มีสุข',
      });
      await at.db.kysely
        .insertInto('sale_items')
        .values({
          sale_id: old,
          product_id: null,
          product_name: 'ตะกร้าหวายเก่า',
          sku: 'OLD-BASKET',
          barcode: null,
          category: null,
          price: 10_000,
          quantity: 1,
          line_total: 10_000,
          sizes: '[]',
          colors: '[]',
          size: null,
          color: null,
          original_price: null,
        })
        .execute();
      const { error } = await at.migrator.migrateToLatest();
      if (error) throw error;
      const found = async (search: string) => (await listSaleIds(at.db.kysely, { search }, null)).map((s) => s.id);
      expect(await found('000777')).toEqual([old]);
      expect(await found('มีสุข')).toEqual([old]);
      expect(await found('หวายเก่า')).toEqual([old]);
      expect(await found('old-bas')).toEqual([old]);
      expect(await found('ไม่มีเลย')).toEqual([]);
      // Changed after the migration (nothing in the app does): found by its new name only.
      await at.db.kysely.updateTable('sales').set({ customer_name: 'บุญมา ใหม่เอี่ยม' }).where('id', '=', old).execute();
      expect(await found('มีสุข')).toEqual([]);
      expect(await found('ใหม่เอี่ยม')).toEqual([old]);
      // Written after the migration, by the triggers.
      const later = await insertOldSale(at.db, { document_number: 'R2569-000778', created_by: seller });
      expect(await found('000778')).toEqual([later]);
    } finally {
      await at.db.destroy();
      await at.drop();
    }
  });
});
