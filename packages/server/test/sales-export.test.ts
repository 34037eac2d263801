import { CSV_BOM, SALES_HISTORY_CSV_COLUMNS, SALES_REPORT_CSV_COLUMNS } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { bulkSales } from '../src/demo/demo-bulk';
import { addDays, shopToday } from '../src/calendar/calendar';
import { buildProduct } from './helpers/catalogue-factories';
import { buildSaleCustomer, postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

async function exportCsv(t: TestApp, token: string, query: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/api/sales/export.csv?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  // Decoded with its byte-order mark kept: res.text() drops it.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, text };
}

/** The rows after the header, split into cells (the values these tests write hold no comma or quote). */
function rowsOf(text: string): string[][] {
  const lines = text.split('\r\n');
  expect(lines.at(-1)).toBe('');
  return lines.slice(1, -1).map((line) => line.split(','));
}

describe.each(ENGINES)('the sales export on %s', (engine) => {
  const t = useTestApp(engine);

  it('writes the history columns newest first and the report columns oldest first, in the shop time zone', async () => {
    const cashier = (await t.buildUser({ role: 'cashier' })).token;
    const admin = await t.adminToken();
    const shirt = await buildProduct(t, { price: 250, stock: 20, name: 'เสื้อโปโลส่งออก' });
    const customer = await buildSaleCustomer(t, 0, 'คุณส่งออก ทดสอบ');
    const walkIn = (await postSale(t, cashier, salePayload([{ product: shirt, quantity: 1 }]))).body.sale;
    const regular = (
      await postSale(t, cashier, salePayload([{ product: shirt, quantity: 2 }], { customerId: customer.id }))
    ).body.sale;
    const refunded = (await postSale(t, cashier, salePayload([{ product: shirt, quantity: 1 }]))).body.sale;
    expect((await t.request('POST', `/api/sales/${refunded.id}/refund`, { token: admin, body: {} })).status).toBe(201);
    // 23:30 on 1 March in Bangkok (UTC+7): the shop's day and time, whatever the server's own zone.
    await t.built.deps.db.kysely
      .updateTable('sales')
      .set({ created_at: '2026-03-01T16:30:00.000Z' })
      .where('id', '=', walkIn.id)
      .execute();

    const history = await exportCsv(t, admin, { search: 'เสื้อโปโลส่งออก' });
    expect(history.status).toBe(200);
    expect(history.headers.get('content-type')).toBe('text/csv;charset=utf-8');
    expect(history.headers.get('content-disposition')).toBe(
      `attachment; filename="sales_history_${shopToday(new Date(), 'Asia/Bangkok')}.csv"`,
    );
    expect(history.text.startsWith(CSV_BOM)).toBe(true);
    expect(history.text.slice(1).split('\r\n')[0]).toBe(SALES_HISTORY_CSV_COLUMNS.join(','));
    const rows = rowsOf(history.text);
    const column = (name: (typeof SALES_HISTORY_CSV_COLUMNS)[number]) => SALES_HISTORY_CSV_COLUMNS.indexOf(name);
    expect(rows.map((r) => r[column('Sale ID')])).toEqual([
      refunded.document_number,
      regular.document_number,
      walkIn.document_number,
    ]);
    expect(rows.map((r) => [r[column('Customer')], r[column('Status')], r[column('สถานะ')]])).toEqual([
      ['ลูกค้าทั่วไป', 'refunded', 'คืนเงินแล้ว'],
      ['คุณส่งออก ทดสอบ', 'completed', 'สำเร็จ'],
      ['ลูกค้าทั่วไป', 'completed', 'สำเร็จ'],
    ]);
    expect(rows[1]![column('Items')]).toBe('เสื้อโปโลส่งออก x 2');
    expect(rows[1]![column('Total')]).toBe(regular.total.toFixed(2));
    expect(rows[1]![column('Payment Method')]).toBe('cash');
    expect(rows[1]![column('วิธีชำระเงิน')]).toBe('เงินสด');
    expect(rows[2]![column('Date')]).toBe('2026-03-01 23:30');

    const report = await exportCsv(t, admin, { search: 'เสื้อโปโลส่งออก', layout: 'report' });
    expect(report.headers.get('content-disposition')).toMatch(/filename="sales_report_\d{4}-\d{2}-\d{2}\.csv"/);
    expect(report.text.slice(1).split('\r\n')[0]).toBe(SALES_REPORT_CSV_COLUMNS.join(','));
    const reportColumn = (name: (typeof SALES_REPORT_CSV_COLUMNS)[number]) => SALES_REPORT_CSV_COLUMNS.indexOf(name);
    const method = reportColumn('วิธีชำระเงิน');
    const variants = reportColumn('สินค้า (สี / ไซส์)');
    expect(rowsOf(report.text).map((r) => [r[0], r[1]?.slice(0, 10), r[method], r[variants]])).toEqual([
      [walkIn.document_number, '2026-03-01', 'เงินสด', 'เสื้อโปโลส่งออก x1'],
      [regular.document_number, shopToday(new Date(), 'Asia/Bangkok'), 'เงินสด', 'เสื้อโปโลส่งออก x2'],
      [refunded.document_number, shopToday(new Date(), 'Asia/Bangkok'), 'เงินสด', 'เสื้อโปโลส่งออก x1'],
    ]);

    // The history's own filters narrow it the same way.
    const one = await exportCsv(t, admin, { search: regular.document_number, status: 'completed' });
    expect(rowsOf(one.text).map((r) => r[0])).toEqual([regular.document_number]);
    const none = await exportCsv(t, admin, { search: 'ไม่มีสินค้านี้แน่นอน' });
    expect(none.text).toBe(`${CSV_BOM}${SALES_HISTORY_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('pages through every sale once, in order, whatever their number', async () => {
    const admin = await t.adminToken();
    const products = await Promise.all(
      [1, 2, 3].map((n) => buildProduct(t, { price: 100 * n, stock: 10, name: `สินค้าชุดใหญ่ ${n}` })),
    );
    const me = (await t.request<{ user: { id: number } }>('GET', '/api/auth/me', { token: admin })).body.user;
    const seller = await t.built.deps.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    const today = shopToday(new Date(), 'Asia/Bangkok');
    const count = 1_234;
    const sessionUser = { ...seller, id: seller.id } as never;
    await bulkSales(
      t.built.deps.db,
      { admin: sessionUser, sellers: [sessionUser], products, customers: [], companies: [] },
      { count, days: 30, today, timeZone: 'Asia/Bangkok', seed: 7, taxRateBp: 0 },
    );
    const range = { startDate: addDays(today, -31), endDate: today };

    const newest = rowsOf((await exportCsv(t, admin, range)).text);
    const before = (
      await t.request<{ total: number }>('GET', `/api/sales?${new URLSearchParams(range).toString()}`, { token: admin })
    ).body.total;
    expect(newest).toHaveLength(before);
    expect(before).toBeGreaterThanOrEqual(count);
    const ids = newest.map((r) => r[0]);
    expect(new Set(ids).size).toBe(ids.length);
    const dates = newest.map((r) => r[1]!);
    expect(dates).toEqual([...dates].sort().reverse());

    const oldest = rowsOf((await exportCsv(t, admin, { ...range, layout: 'report' })).text);
    expect(oldest.map((r) => r[0])).toEqual([...ids].reverse());
  });

  it('needs reports_export, and refuses a layout it does not know in Thai', async () => {
    const viewer = (await t.buildUser({ role: 'viewer' })).token;
    expect((await exportCsv(t, viewer)).status).toBe(403);
    const admin = await t.adminToken();
    const odd = await exportCsv(t, admin, { layout: 'xml' });
    expect(odd.status).toBe(400);
    expect(JSON.parse(odd.text)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { layout: expect.stringMatching(/รูปแบบไฟล์/) },
    });
  });
});
