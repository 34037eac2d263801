import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import type { CreateSaleRequest, CreateSaleResponse, NumberBlock, PosProduct, Sale } from '@pos/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { closeOfflineDbs, offlineDb, offlineDbName, orKeptCopy, type OfflineDb } from '../../lib/offline-db';
import { mergeBlocks } from './offline-refresh';
import { OfflineRefusal, recordOfflineSale } from './offline-sale';
import {
  offlineIdempotencyKey,
  sendOutbox,
  sendPeriods,
  SyncBackoff,
  type OutboxSenders,
  type SaleSender,
} from './outbox-sync';

const PRICING = {
  vatApplies: true,
  taxRate: 7,
  pricesIncludeVat: true,
  onePointValueInBaht: 1,
  purchaseAmountForOnePoint: 25,
};
const BLOCK: NumberBlock = {
  id: 1,
  tillId: 3,
  kind: 'receipt',
  series: 'R2569-T03',
  first: 1,
  last: 200,
  reservedAt: '2026-11-29T00:00:00.000Z',
  used: 0,
};
const PRODUCT: PosProduct = {
  id: 7,
  name: 'Tea',
  sku: 'TEA',
  barcode: null,
  category: null,
  price: 50,
  original_price: null,
  stock: 10,
  unassigned_stock: 0,
  image_url: null,
  sizes: [],
  colors: [],
  variants: [],
};

function saleBody(quantity = 1, customerId: number | null = null): CreateSaleRequest {
  return {
    customerId,
    items: [{ productId: PRODUCT.id, quantity, price: 50, name: 'Tea' }],
    subtotal: 50 * quantity,
    total: 50 * quantity,
    paymentMethod: 'cash',
    pointsUsed: customerId ? 5 : 0,
    pointsEarned: 2,
  };
}

let db: OfflineDb;
let seq = 0;

async function seed(target: OfflineDb): Promise<void> {
  await target.meta.bulkPut([
    { key: 'syncedAt', value: '2026-11-29T01:00:00.000Z' },
    { key: 'shift', value: { id: 9 } },
  ]);
  await target.blocks.put({ id: BLOCK.id, block: BLOCK, next: 1 });
  await target.products.put({ id: PRODUCT.id, position: 0, product: PRODUCT });
  await target.customers.put({ id: 4, name: 'Somchai', loyalty_points: 100 } as never);
}

async function sell(target: OfflineDb, userId: number, body = saleBody()) {
  seq += 1;
  const offlineId = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return recordOfflineSale(target, {
    body,
    offlineId,
    userId,
    tillId: 3,
    at: new Date(`2026-11-29T02:00:${String(seq % 60).padStart(2, '0')}.000Z`),
    pricing: PRICING,
    requireShift: true,
  });
}

/** Senders for an outbox of sales only (refunds have their own tests, offline-refund.test.ts). */
function salesOnly(sale: SaleSender): OutboxSenders {
  return { sale, refund: () => Promise.reject(new Error('no refund was made')) };
}

/** A server that records each offlineId once and answers the first sale again, as the real one does. */
function fakeServer() {
  const recorded = new Map<string, Sale>();
  const calls: { offlineId: string; key: string }[] = [];
  const send: SaleSender = (body, key) => {
    const offlineId = String(body.offlineId);
    calls.push({ offlineId, key });
    let sale = recorded.get(offlineId);
    if (!sale) {
      sale = { id: recorded.size + 1, document_number: String(body.documentNumber) } as Sale;
      recorded.set(offlineId, sale);
    }
    return Promise.resolve({ sale } as CreateSaleResponse);
  };
  return { send, recorded, calls };
}

// The web tests share workers: Dexie may have been loaded (without an IndexedDB) by another file first.
Dexie.dependencies.indexedDB = indexedDB;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;

beforeEach(async () => {
  closeOfflineDbs();
  db = offlineDb(1, 3);
  await db.delete();
  closeOfflineDbs();
  db = offlineDb(1, 3);
  await seed(db);
});

afterEach(() => closeOfflineDbs());

describe('an offline sale', () => {
  it('numbers from the block, takes the stock and moves the points in one go', async () => {
    const first = await sell(db, 1);
    const second = await sell(db, 1, saleBody(2, 4));
    expect(first.row.documentNumber).toBe('R2569-T03-000001');
    expect(second.row.documentNumber).toBe('R2569-T03-000002');
    expect(second.row.body).toMatchObject({
      documentNumber: 'R2569-T03-000002',
      syncedAt: '2026-11-29T01:00:00.000Z',
      pricing: PRICING,
      offlineId: second.row.offlineId,
    });
    expect((await db.products.get(PRODUCT.id))?.product.stock).toBe(7);
    expect((await db.customers.get(4))?.loyalty_points).toBe(97);
    expect((await db.blocks.get(1))?.next).toBe(3);
    expect(await db.outbox.count()).toBe(2);
  });

  it('is refused without numbers left, and nothing moves', async () => {
    await db.blocks.put({ id: BLOCK.id, block: BLOCK, next: 201 });
    await expect(sell(db, 1)).rejects.toEqual(new OfflineRefusal('noNumbers'));
    expect(await db.outbox.count()).toBe(0);
    expect((await db.products.get(PRODUCT.id))?.product.stock).toBe(10);
  });

  it('is refused for a card or an edit', async () => {
    await expect(sell(db, 1, { ...saleBody(), paymentMethod: 'card' })).rejects.toEqual(new OfflineRefusal('card'));
    await expect(sell(db, 1, { ...saleBody(), replacesSaleId: 5 })).rejects.toEqual(new OfflineRefusal('edit'));
  });
});

describe('the outbox sync', () => {
  it('sends in order, each once, with the offline key, and empties the outbox', async () => {
    const made = [await sell(db, 1), await sell(db, 1), await sell(db, 1)];
    const server = fakeServer();
    const outcome = await sendOutbox(db, 1, salesOnly(server.send));
    expect(outcome).toEqual({ sent: 3, failed: 0, stopped: null });
    expect(server.calls.map((c) => c.offlineId)).toEqual(made.map((m) => m.row.offlineId));
    expect(server.calls.map((c) => c.key)).toEqual(made.map((m) => offlineIdempotencyKey(m.row.offlineId)));
    expect(await db.outbox.count()).toBe(0);
    // A second run sends nothing.
    await sendOutbox(db, 1, salesOnly(server.send));
    expect(server.calls).toHaveLength(3);
  });

  it('shares one run between two calls at once', async () => {
    await sell(db, 1);
    await sell(db, 1);
    const server = fakeServer();
    const [a, b] = await Promise.all([
      sendOutbox(db, 1, salesOnly(server.send)),
      sendOutbox(db, 1, salesOnly(server.send)),
    ]);
    expect(a).toBe(b);
    expect(server.calls).toHaveLength(2);
  });

  it('sent again after the answer was lost, the server answers the first sale: one sale, the row gone', async () => {
    const made = await sell(db, 1);
    const server = fakeServer();
    // The server commits, the answer never arrives.
    const lost: SaleSender = async (body, key) => {
      await server.send(body, key);
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'network' });
    };
    expect((await sendOutbox(db, 1, salesOnly(lost))).stopped).toBe('network');
    expect(await db.outbox.count()).toBe(1);
    expect(await sendOutbox(db, 1, salesOnly(server.send))).toEqual({ sent: 1, failed: 0, stopped: null });
    expect(server.recorded.size).toBe(1);
    expect(server.calls.every((c) => c.offlineId === made.row.offlineId)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a refused sale marked failed and goes on with the next', async () => {
    const made = [await sell(db, 1), await sell(db, 1), await sell(db, 1)];
    const server = fakeServer();
    const send: SaleSender = (body, key) =>
      body.offlineId === made[0]?.row.offlineId
        ? Promise.reject(
            new ApiError({ status: 400, code: 'VALIDATION_ERROR', message: 'ข้อมูลไม่ถูกต้อง', fromServer: true }),
          )
        : server.send(body, key);
    expect(await sendOutbox(db, 1, salesOnly(send))).toEqual({ sent: 2, failed: 1, stopped: null });
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      offlineId: made[0]?.row.offlineId,
      status: 'failed',
      failure: { status: 400, code: 'VALIDATION_ERROR', message: 'ข้อมูลไม่ถูกต้อง' },
    });
    // A failed row is not sent again by the next run.
    await sendOutbox(db, 1, salesOnly(send));
    expect(server.calls).toHaveLength(2);
  });

  it('stops at a network error or a 5xx, keeping the order for the next run', async () => {
    const made = [await sell(db, 1), await sell(db, 1)];
    const server = fakeServer();
    let down = true;
    const send: SaleSender = (body, key) =>
      down
        ? Promise.reject(new ApiError({ status: 503, code: 'HTTP_ERROR', message: 'down' }))
        : server.send(body, key);
    expect(await sendOutbox(db, 1, salesOnly(send))).toEqual({ sent: 0, failed: 0, stopped: 'server' });
    expect((await db.outbox.toArray()).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    down = false;
    await sendOutbox(db, 1, salesOnly(send));
    expect(server.calls.map((c) => c.offlineId)).toEqual(made.map((m) => m.row.offlineId));
  });

  it('stops on 401 until signed in again', async () => {
    await sell(db, 1);
    const send: SaleSender = () =>
      Promise.reject(new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'no', fromServer: true }));
    expect((await sendOutbox(db, 1, salesOnly(send))).stopped).toBe('auth');
    expect(await db.outbox.count()).toBe(1);
  });

  it("sends only the signed-in user's sales", async () => {
    const mine = await sell(db, 1);
    const theirs = await sell(db, 2);
    const server = fakeServer();
    expect(await sendOutbox(db, 1, salesOnly(server.send))).toEqual({ sent: 1, failed: 0, stopped: null });
    expect(server.calls.map((c) => c.offlineId)).toEqual([mine.row.offlineId]);
    expect((await db.outbox.toArray()).map((r) => r.offlineId)).toEqual([theirs.row.offlineId]);
  });

  it('keeps the number the server recorded when it is not the printed one', async () => {
    const made = await sell(db, 1);
    const send: SaleSender = () =>
      Promise.resolve({ sale: { id: 5, document_number: 'R2569-000042' } as Sale } as CreateSaleResponse);
    await sendOutbox(db, 1, salesOnly(send));
    expect(await db.renumbered.get(made.row.offlineId)).toMatchObject({
      printed: made.row.documentNumber,
      recorded: 'R2569-000042',
    });
  });
});

describe('offline periods', () => {
  it('are sent until the server has their latest version', async () => {
    await db.periods.put({
      periodId: '11111111-1111-4111-8111-111111111111',
      tillId: 3,
      startedAt: '2026-11-29T02:00:00.000Z',
      endedAt: null,
      salesMade: 0,
      sent: false,
    });
    await sell(db, 1);
    const sent: unknown[] = [];
    expect(await sendPeriods(db, (body) => Promise.resolve(sent.push(body)))).toBe(true);
    expect(sent).toEqual([expect.objectContaining({ salesMade: 1, endedAt: null })]);
    expect(await sendPeriods(db, (body) => Promise.resolve(sent.push(body)))).toBe(true);
    expect(sent).toHaveLength(1);
  });
});

describe('the backoff', () => {
  it('backs off while the network is down, then every 15 s while sales wait', () => {
    const backoff = new SyncBackoff();
    const down = { sent: 0, failed: 0, stopped: 'network' as const };
    expect([1, 2, 3, 4, 5].map(() => backoff.next(down, 3))).toEqual([15_000, 30_000, 60_000, 120_000, 120_000]);
    expect(backoff.next({ sent: 1, failed: 0, stopped: null }, 2)).toBe(15_000);
    expect(backoff.next({ sent: 2, failed: 0, stopped: null }, 0)).toBeNull();
    expect(backoff.next({ sent: 0, failed: 0, stopped: 'auth' }, 2)).toBeNull();
  });
});

describe('number blocks', () => {
  it('keep the till ahead of what the server has recorded', () => {
    const local = [{ id: 1, block: BLOCK, next: 8 }];
    expect(mergeBlocks(local, [{ ...BLOCK, used: 3 }])[0]?.next).toBe(8);
    expect(mergeBlocks(local, [{ ...BLOCK, used: 12 }])[0]?.next).toBe(13);
    expect(mergeBlocks([], [{ ...BLOCK, id: 2, first: 201, last: 400, used: 0 }])[0]?.next).toBe(201);
    expect(offlineDbName(1, 3)).toBe('pos-offline-u1-t3');
  });
});

describe('the kept copy', () => {
  const kept = async (target: OfflineDb) => (await target.products.toArray()).map((r) => r.product.name);
  const who = { userId: 1, tillId: 3 };
  const network = () => Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'network' }));

  it('answers a read that cannot reach the server, and nothing else', async () => {
    expect(await orKeptCopy(() => Promise.resolve(['fresh']), kept, who)).toEqual(['fresh']);
    expect(await orKeptCopy(network, kept, who)).toEqual(['Tea']);
    const refused = new ApiError({ status: 403, code: 'FORBIDDEN', message: 'no', fromServer: true });
    await expect(orKeptCopy(() => Promise.reject(refused), kept, who)).rejects.toBe(refused);
    // Another user, or no till chosen: nothing kept for them.
    await expect(orKeptCopy(network, async () => undefined, { userId: 2, tillId: 3 })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    await expect(orKeptCopy(network, kept, { userId: 1, tillId: null })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });
});
