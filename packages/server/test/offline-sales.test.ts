import { randomUUID } from 'node:crypto';
import {
  pricingSettingsOf,
  type CreateSaleRequest,
  type CreateSaleResponse,
  type FlaggedOfflineSale,
  type FlaggedOfflineSalesResponse,
  type NumberBlock,
  type OfflinePeriod,
  type OfflineStateResponse,
  type PrintJob,
  type Shift,
  type Till,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { buildSaleCustomer, salePayload, type PayloadLine } from './helpers/sales-factories';
import { ENGINES, useTestApp, type HttpResult } from './helpers/test-app';

// Selling offline (issue 38): a till numbers its sales from blocks reserved in advance and sends them later with
// its device-made id and the time it sold. The id answers the same sale forever; what changed meanwhile or does
// not hold (stock, points, prices, time, number) is recorded and flagged for a manager, never refused.
describe.each(ENGINES)('offline sales on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let cashier: string;
  let tillA: Till;
  let tillB: Till;
  let shiftA: Shift;
  const pricing = pricingSettingsOf(undefined);

  const newTill = async (name: string) =>
    (await t.request<{ till: Till }>('POST', '/api/tills', { token: admin, body: { name } })).body.till;
  const openShift = async (tillId: number) =>
    (await t.request<{ shift: Shift }>('POST', '/api/shifts', { token: cashier, body: { tillId, openingFloat: 0 } }))
      .body.shift;
  const reserve = (tillId: number, size?: number) =>
    t.request<{ block: NumberBlock; code?: string }>('POST', '/api/offline/number-blocks', {
      token: cashier,
      body: { tillId, ...(size !== undefined && { size }) },
    });
  const numberOf = (block: NumberBlock, n: number) => `${block.series}-${String(n).padStart(6, '0')}`;

  /** An offline sale as the till's outbox sends it: no Idempotency-Key, its own id, time, number and terms. */
  const offlineSale = (
    lines: PayloadLine[],
    extra: Partial<CreateSaleRequest> & { createdAt: string },
  ): CreateSaleRequest =>
    salePayload(lines, {
      tillId: tillA.id,
      offlineId: randomUUID(),
      syncedAt: new Date(t.now().getTime() - 60 * 60_000).toISOString(),
      pricing,
      ...extra,
    });
  const send = (body: CreateSaleRequest, token = cashier) =>
    t.request<CreateSaleResponse & { code?: string }>('POST', '/api/sales', { token, body });
  const flagged = async (): Promise<FlaggedOfflineSale[]> =>
    (await t.request<FlaggedOfflineSalesResponse>('GET', '/api/offline/flagged?handled=all', { token: admin })).body
      .sales;
  const flagsOf = async (saleId: number) => (await flagged()).find((f) => f.saleId === saleId)?.reasons ?? [];
  const saleCount = async () =>
    Number(
      (
        await t.built.deps.db.kysely
          .selectFrom('sales')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const minutesAgo = (m: number) => new Date(t.now().getTime() - m * 60_000).toISOString();
  const stockOf = async (id: number) =>
    Number(
      (
        await t.built.deps.db.kysely
          .selectFrom('products')
          .select('stock')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).stock,
    );

  beforeAll(async () => {
    admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    tillA = await newTill('หน้าร้าน 1');
    tillB = await newTill('หน้าร้าน 2');
    shiftA = await openShift(tillA.id);
    await openShift(tillB.id);
  });

  it("reserves blocks of the till's own series, one after another, and lists those with numbers left", async () => {
    const till = await newTill('สำรองเลข');
    const first = await reserve(till.id, 50);
    const second = await reserve(till.id);
    expect(first.status).toBe(201);
    expect(first.body.block).toMatchObject({ tillId: till.id, first: 1, last: 50, used: 0 });
    expect(first.body.block.series).toMatch(new RegExp(`^R25\\d\\d-T${String(till.id).padStart(2, '0')}$`));
    expect(second.body.block).toMatchObject({ series: first.body.block.series, first: 51, last: 250 });
    const state = await t.request<OfflineStateResponse>('GET', `/api/offline/state?tillId=${till.id}`, {
      token: cashier,
    });
    expect(state.status).toBe(200);
    expect(state.body.blocks.map((b) => [b.first, b.last])).toEqual([
      [1, 50],
      [51, 250],
    ]);
    expect(Math.abs(new Date(state.body.serverTime).getTime() - t.now().getTime())).toBeLessThan(5_000);

    expect((await reserve(999_999)).body.code).toBe('TILL_NOT_FOUND');
    expect((await reserve(till.id, 5)).status).toBe(400);
    await t.request('PATCH', `/api/tills/${till.id}`, { token: admin, body: { active: false } });
    expect(await reserve(till.id)).toMatchObject({ status: 409, body: { code: 'TILL_INACTIVE' } });
  });

  it('records an offline sale at its time with its printed number, and answers the same sale for its id forever', async () => {
    const block = (await reserve(tillA.id)).body.block;
    const product = await buildProduct(t, { price: 150, stock: 10 });
    t.advanceClock(5 * 60_000);
    const body = offlineSale([{ product, quantity: 2 }], {
      createdAt: minutesAgo(0.5),
      documentNumber: numberOf(block, block.first),
    });
    const before = await saleCount();
    const first = await send(body);
    expect(first.status).toBe(201);
    expect(first.body.sale).toMatchObject({
      document_number: numberOf(block, block.first),
      created_at: new Date(body.createdAt!).toISOString(),
      till_id: tillA.id,
      shift_id: shiftA.id,
      total: 300,
    });
    expect(await flagsOf(first.body.sale.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(8);

    // The page died before it heard back: sent again, later, and again after any key would have expired.
    const again = await send(body);
    t.advanceClock(40 * 24 * 60 * 60_000);
    // Sessions expire meanwhile: whoever signs in at the till next sends it.
    admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    const muchLater = await send(body);
    expect(again).toMatchObject({ status: 201, body: { sale: { id: first.body.sale.id } } });
    expect(muchLater.body).toEqual(first.body);
    expect(await saleCount()).toBe(before + 1);
    expect(await stockOf(product.id)).toBe(8);
    const state = await t.request<OfflineStateResponse>('GET', `/api/offline/state?tillId=${tillA.id}`, {
      token: cashier,
    });
    expect(state.body.blocks.find((b) => b.id === block.id)?.used).toBe(1);
  });

  it('answers one sale for one id sent 8 times at once', async () => {
    const product = await buildProduct(t, { price: 40, stock: 100 });
    const body = offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.2) });
    const before = await saleCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.sale.id)).size).toBe(1);
    expect(await saleCount()).toBe(before + 1);
    expect(await stockOf(product.id)).toBe(99);
  });

  it('records both tills selling the last unit: stock goes to -1 and the second is flagged', async () => {
    const product = await buildProduct(t, { price: 990, stock: 1 });
    t.advanceClock(5 * 60_000);
    const atA = offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.4) });
    const atB = offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.3), tillId: tillB.id });
    const [a, b] = [await send(atA), await send(atB)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await stockOf(product.id)).toBe(-1);
    expect(await flagsOf(a.body.sale.id)).toEqual([]);
    expect(await flagsOf(b.body.sale.id)).toEqual([
      { reason: 'stock_shortfall', products: [{ productId: product.id, name: product.name, short: 1 }] },
    ]);
  });

  it('keeps a price the product had since the till synced, and flags one it never had, recording both as sold', async () => {
    const product = await buildProduct(t, { price: 100, stock: 10 });
    const syncedAt = minutesAgo(0.1);
    // The owner raises the price after the till synced (any write path: the database records the change).
    await t.built.deps.db.kysely
      .updateTable('products')
      .set({ price: 12_000, updated_at: new Date(t.now().getTime() + 1_000).toISOString() })
      .where('id', '=', product.id)
      .execute();
    t.advanceClock(5_000);
    const atOldPrice = await send(offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.01), syncedAt }));
    expect(atOldPrice.status).toBe(201);
    expect(atOldPrice.body.sale.total).toBe(100);
    expect(await flagsOf(atOldPrice.body.sale.id)).toEqual([]);

    const made = { ...product, price: 90 };
    const atMadeUp = await send(
      offlineSale([{ product: made, quantity: 1 }], { createdAt: minutesAgo(0.01), syncedAt }),
    );
    expect(atMadeUp.status).toBe(201);
    expect(atMadeUp.body.sale.total).toBe(90);
    expect(await flagsOf(atMadeUp.body.sale.id)).toEqual([
      { reason: 'price_unknown', products: [{ productId: product.id, name: product.name }] },
    ]);
  });

  it('flags a time ahead of the clock or before the shift opened, recording the sale when it arrived', async () => {
    const product = await buildProduct(t, { price: 10, stock: 10 });
    const ahead = offlineSale([{ product, quantity: 1 }], {
      createdAt: new Date(t.now().getTime() + 60 * 60_000).toISOString(),
    });
    const early = offlineSale([{ product, quantity: 1 }], {
      createdAt: new Date(new Date(shiftA.openedAt).getTime() - 60_000).toISOString(),
    });
    for (const body of [ahead, early]) {
      const res = await send(body);
      expect(res.status).toBe(201);
      expect(Math.abs(new Date(res.body.sale.created_at).getTime() - t.now().getTime())).toBeLessThan(5_000);
      expect(await flagsOf(res.body.sale.id)).toEqual([{ reason: 'time_invalid', claimed: body.createdAt }]);
    }
  });

  it("flags a printed number that is another till's or used already, giving the sale the shop's next number", async () => {
    const blockB = (await reserve(tillB.id)).body.block;
    const blockA = (await reserve(tillA.id)).body.block;
    t.advanceClock(5 * 60_000);
    const product = await buildProduct(t, { price: 10, stock: 10 });
    const foreign = numberOf(blockB, blockB.first);
    const res = await send(
      offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.1), documentNumber: foreign }),
    );
    expect(res.status).toBe(201);
    expect(res.body.sale.document_number).toMatch(/^R25\d\d-\d{6}$/);
    expect(await flagsOf(res.body.sale.id)).toEqual([{ reason: 'number_invalid', claimed: foreign }]);

    const mine = numberOf(blockA, blockA.last);
    const once = await send(
      offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.1), documentNumber: mine }),
    );
    const twice = await send(
      offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.1), documentNumber: mine }),
    );
    expect(once.body.sale.document_number).toBe(mine);
    expect(twice.status).toBe(201);
    expect(twice.body.sale.document_number).not.toBe(mine);
    expect(await flagsOf(twice.body.sale.id)).toEqual([{ reason: 'number_invalid', claimed: mine }]);
  });

  it('records points spent twice (offline here, online elsewhere), flagging the shortfall', async () => {
    const customer = await buildSaleCustomer(t, 100);
    const product = await buildProduct(t, { price: 500, stock: 10 });
    t.advanceClock(5 * 60_000);
    const lines = [{ product, quantity: 1 }];
    const online = await t.request<CreateSaleResponse>('POST', '/api/sales', {
      token: cashier,
      headers: { 'idempotency-key': randomUUID() },
      body: salePayload(lines, { tillId: tillB.id, customerId: customer.id, pointsUsed: 100 }),
    });
    // The online sale spent the 100 and earned 4 (400 baht): the offline one takes those 4, 96 short.
    expect(online.status).toBe(201);
    const offline = await send(
      offlineSale(lines, { createdAt: minutesAgo(1), customerId: customer.id, pointsUsed: 100 }),
    );
    expect(offline.status, JSON.stringify(offline.body)).toBe(201);
    expect(offline.body.sale.total).toBe(400);
    expect(await flagsOf(offline.body.sale.id)).toEqual([{ reason: 'points_shortfall', pointsShort: 96 }]);
  });

  it('refuses a card payment or an edit made offline, recording nothing', async () => {
    const product = await buildProduct(t, { price: 10, stock: 10 });
    const before = await saleCount();
    const card = await send(
      offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.1), paymentMethod: 'card' }),
    );
    expect(card).toMatchObject({ status: 400, body: { code: 'OFFLINE_CARD_NOT_ALLOWED' } });
    const edit = await send(offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.1), replacesSaleId: 1 }));
    expect(edit).toMatchObject({ status: 400, body: { code: 'OFFLINE_SALE_REPLACES' } });
    const bad = await send({ ...offlineSale([{ product, quantity: 1 }], { createdAt: 'yesterday' }) });
    expect(bad.status).toBe(400);
    const noKey = await t.request<{ code: string }>('POST', '/api/sales', {
      token: cashier,
      body: salePayload([{ product, quantity: 1 }], { tillId: tillA.id }),
    });
    expect(noKey).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    expect(await saleCount()).toBe(before);
  });

  it('lets a sale refused online under an id be sent later from the outbox under the same id', async () => {
    const product = await buildProduct(t, { price: 75, stock: 0 });
    t.advanceClock(5 * 60_000);
    const offlineId = randomUUID();
    const online = await t.request<{ code: string }>('POST', '/api/sales', {
      token: cashier,
      headers: { 'idempotency-key': randomUUID() },
      body: { ...salePayload([{ product, quantity: 1 }], { tillId: tillA.id }), offlineId },
    });
    expect(online).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_STOCK' } });
    const later = await send({ ...offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.1) }), offlineId });
    expect(later.status).toBe(201);
    expect(await flagsOf(later.body.sale.id)).toMatchObject([{ reason: 'stock_shortfall' }]);
  });

  it('flags a sale recorded online whose answer was lost and that the till then printed under a block number', async () => {
    const block = (await reserve(tillA.id)).body.block;
    const product = await buildProduct(t, { price: 60, stock: 10 });
    t.advanceClock(5 * 60_000);
    const offlineId = randomUUID();
    const online = await t.request<CreateSaleResponse>('POST', '/api/sales', {
      token: cashier,
      headers: { 'idempotency-key': randomUUID() },
      body: { ...salePayload([{ product, quantity: 1 }], { tillId: tillA.id }), offlineId },
    });
    expect(online.status, JSON.stringify(online.body)).toBe(201);
    const printed = numberOf(block, block.first);
    const body = offlineSale([{ product, quantity: 1 }], { createdAt: minutesAgo(0.1), documentNumber: printed });
    const fromOutbox = await send({ ...body, offlineId });
    const again = await send({ ...body, offlineId });
    expect(fromOutbox.body.sale.id).toBe(online.body.sale.id);
    expect(again.body.sale.document_number).toBe(online.body.sale.document_number);
    expect(await flagsOf(online.body.sale.id)).toEqual([{ reason: 'number_invalid', claimed: printed }]);
    expect(await stockOf(product.id)).toBe(9);
  });

  it('prints nothing when an offline sale syncs: its receipt was printed at the till, its drawer opened then', async () => {
    const till = await newTill('พิมพ์ออฟไลน์');
    await openShift(till.id);
    const settings = await t.request('PUT', '/api/settings', {
      token: admin,
      body: {
        settings: {
          printing: {
            printers: [{ name: 'USB เคาน์เตอร์', type: 'usb', width: 80 }],
            tills: { [till.id]: 'USB เคาน์เตอร์' },
          },
        },
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    try {
      const product = await buildProduct(t, { price: 60, stock: 5 });
      const jobsOf = async (saleId: number) =>
        (await t.request<{ jobs: PrintJob[] }>('GET', `/api/print-jobs?saleId=${saleId}`, { token: cashier })).body
          .jobs;
      const online = await send(salePayload([{ product, quantity: 1 }], { tillId: till.id, offlineId: randomUUID() }));
      expect(online.status).toBe(201);
      expect((await jobsOf(online.body.sale.id)).map((j) => [j.kind, j.openDrawer])).toEqual([['receipt', true]]);

      const offline = await send(
        salePayload([{ product, quantity: 1 }], {
          tillId: till.id,
          offlineId: randomUUID(),
          createdAt: minutesAgo(3),
          syncedAt: minutesAgo(60),
          pricing,
        }),
      );
      expect(offline.status).toBe(201);
      expect(await jobsOf(offline.body.sale.id)).toEqual([]);
    } finally {
      await t.request('PUT', '/api/settings', {
        token: admin,
        body: { settings: { printing: { printers: [], tills: {} } } },
      });
    }
  });

  it('gives 8 blocks reserved at once 8 ranges that never overlap', async () => {
    const till = await newTill('สำรองพร้อมกัน');
    const answers = await Promise.all(Array.from({ length: 8 }, () => reserve(till.id, 25)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const ranges = answers.map((a) => [a.body.block.first, a.body.block.last] as const).sort((x, y) => x[0] - y[0]);
    expect(ranges).toEqual(Array.from({ length: 8 }, (_, i) => [i * 25 + 1, i * 25 + 25]));
  });

  it('takes the contract’s bare offline sale: offlineId and createdAt, nothing else of the till', async () => {
    const product = await buildProduct(t, { price: 20, stock: 5 });
    const body = { ...salePayload([{ product, quantity: 1 }]), offlineId: randomUUID(), createdAt: minutesAgo(2) };
    const before = await saleCount();
    const first = await send(body);
    const second = await send(body);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.sale.id).toBe(first.body.sale.id);
    expect(await saleCount()).toBe(before + 1);
  });

  it('records offline periods once per id, updates their end, and shows flagged sales until handled', async () => {
    const periodId = randomUUID();
    const started = minutesAgo(30);
    const open = await t.request<{ period: OfflinePeriod }>('POST', '/api/offline/periods', {
      token: cashier,
      body: { periodId, tillId: tillA.id, startedAt: started },
    });
    expect(open.status).toBe(201);
    const closed = await t.request<{ period: OfflinePeriod }>('POST', '/api/offline/periods', {
      token: cashier,
      body: { periodId, tillId: tillA.id, startedAt: started, endedAt: minutesAgo(1), salesMade: 3 },
    });
    expect(closed.body.period).toMatchObject({ periodId, tillName: 'หน้าร้าน 1', salesMade: 3 });
    const other = await t.buildUser({ role: 'cashier' });
    const stolen = await t.request<{ code: string }>('POST', '/api/offline/periods', {
      token: other.token,
      body: { periodId, startedAt: started, salesMade: 0 },
    });
    expect(stolen).toMatchObject({ status: 409, body: { code: 'OFFLINE_PERIOD_OTHER_USER' } });
    const list = await t.request<{ periods: OfflinePeriod[] }>('GET', '/api/offline/periods', { token: admin });
    expect(list.body.periods.filter((p) => p.periodId === periodId)).toHaveLength(1);

    const open1 = await t.request<FlaggedOfflineSalesResponse>('GET', '/api/offline/flagged', { token: admin });
    const one = open1.body.sales[0]!;
    const handled = await t.request<FlaggedOfflineSale>('POST', `/api/offline/flagged/${one.saleId}/handled`, {
      token: admin,
    });
    expect(handled.status).toBe(200);
    expect(handled.body.handledBy).not.toBeNull();
    const open2 = await t.request<FlaggedOfflineSalesResponse>('GET', '/api/offline/flagged', { token: admin });
    expect(open2.body.sales.map((s) => s.saleId)).not.toContain(one.saleId);
    const missing: HttpResult<{ code: string }> = await t.request('POST', '/api/offline/flagged/999999/handled', {
      token: admin,
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 'OFFLINE_FLAGGED_SALE_NOT_FOUND' } });
  });
});
