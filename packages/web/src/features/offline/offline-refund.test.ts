import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import type {
  CreateSaleResponse,
  NumberBlock,
  OfflineRefundResponse,
  PosProduct,
  RefundSaleRequest,
  Sale,
} from '@pos/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { closeOfflineDbs, isRefundRow, offlineDb, type OfflineDb } from '../../lib/offline-db';
import { applyPending } from './offline-refresh';
import { recordOfflineRefund } from './offline-refund';
import { OfflineRefusal, offlineReceiptSale, recordOfflineSale } from './offline-sale';
import { sendOutbox, type OutboxSenders } from './outbox-sync';

// Refunds made offline (issue 38): numbered from the till's credit-note block, written with the stock they put back
// and the till's copy of the sale, and sent after the sale they refund, under its id once that sale is recorded.

const PRICING = {
  vatApplies: true,
  taxRate: 7,
  pricesIncludeVat: true,
  onePointValueInBaht: 1,
  purchaseAmountForOnePoint: 25,
};
const block = (id: number, kind: NumberBlock['kind'], series: string): NumberBlock => ({
  id,
  tillId: 3,
  kind,
  series,
  first: 1,
  last: 20,
  reservedAt: '2026-11-29T00:00:00.000Z',
  used: 0,
});
const PRODUCT: PosProduct = {
  id: 7,
  name: 'เสื้อยืด',
  sku: 'TEE',
  barcode: null,
  category: null,
  price: 100,
  original_price: null,
  stock: 10,
  unassigned_stock: 0,
  image_url: null,
  sizes: [],
  colors: [],
  variants: [],
};
const USER = { id: 1, name: 'แอดมิน' };

Dexie.dependencies.indexedDB = indexedDB;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;

let db: OfflineDb;
let ids = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

beforeEach(async () => {
  closeOfflineDbs();
  db = offlineDb(1, 3);
  await db.delete();
  closeOfflineDbs();
  db = offlineDb(1, 3);
  await db.meta.bulkPut([
    { key: 'syncedAt', value: '2026-11-29T01:00:00.000Z' },
    { key: 'shift', value: { id: 9 } },
  ]);
  await db.blocks.bulkPut([
    { id: 1, block: block(1, 'receipt', 'R2569-T03'), next: 1 },
    { id: 2, block: block(2, 'credit_note', 'CN2569-T03'), next: 1 },
  ]);
  await db.products.put({ id: PRODUCT.id, position: 0, product: PRODUCT });
});

afterEach(() => closeOfflineDbs());

/** A sale of 2 units made offline at this till, kept as the POS keeps it. */
async function sellOffline(): Promise<Sale> {
  const offlineId = nextId();
  const { row } = await recordOfflineSale(db, {
    body: {
      items: [{ productId: PRODUCT.id, quantity: 2, price: 100, name: PRODUCT.name }],
      subtotal: 200,
      total: 200,
      tax: 13.08,
      paymentMethod: 'cash',
      pointsUsed: 0,
    },
    offlineId,
    userId: USER.id,
    tillId: 3,
    at: new Date('2026-11-29T02:00:00.000Z'),
    pricing: PRICING,
    requireShift: true,
  });
  const sale = offlineReceiptSale(row, {
    user: USER,
    customer: null,
    till: { id: 3, name: 'หน้าร้าน' },
    shiftId: 9,
    pricing: PRICING,
    productOf: () => undefined,
  });
  await db.sales.put({ key: sale.document_number, sale, offlineId, madeAt: sale.created_at });
  return sale;
}

const refund = (sale: Sale, body: RefundSaleRequest = { reason: 'customer_request' }) =>
  recordOfflineRefund(db, { sale, body, offlineId: nextId(), user: USER, tillId: 3, at: new Date() });

describe('a refund made offline', () => {
  it('takes a credit note number, puts the stock back and marks the kept sale, in the outbox after its sale', async () => {
    const sale = await sellOffline();
    const line = sale.items[0]!;
    const answer = await refund(sale, { reason: 'customer_request', lines: [{ saleItemId: line.id, quantity: 1 }] });
    expect(answer.refund).toMatchObject({
      credit_note_number: 'CN2569-T03-000001',
      amount: 100,
      refund_method: 'cash',
    });
    expect(answer.sale).toMatchObject({ status: 'partially_refunded', refunded_amount: 100 });
    expect((await db.sales.get(sale.document_number))?.sale.items[0]?.refunded_quantity).toBe(1);
    expect((await db.products.get(PRODUCT.id))?.product.stock).toBe(9);
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => r.kind ?? 'sale')).toEqual(['sale', 'refund']);
    const refundRow = rows[1]!;
    expect(isRefundRow(refundRow) && refundRow.saleId).toBeNull();
    expect(refundRow.body).toMatchObject({ documentNumber: 'CN2569-T03-000001', refundAmount: 100, tillId: 3 });
    // The server's fresh catalogue, with what is still in the outbox applied: -2 sold, +1 back.
    expect(applyPending([PRODUCT], [], rows).products[0]?.stock).toBe(9);
  });

  it('is sent after its sale, under the id the sale got, once', async () => {
    const sale = await sellOffline();
    await refund(sale);
    const calls: string[] = [];
    const senders: OutboxSenders = {
      sale: (body) => {
        calls.push(`sale ${String(body.documentNumber)}`);
        return Promise.resolve({ sale: { ...sale, id: 41 } } as CreateSaleResponse);
      },
      refund: (saleId, body) => {
        calls.push(`refund of ${saleId} ${String(body.documentNumber)}`);
        return Promise.resolve({ refund: null, sale: { ...sale, id: 41 }, flags: [] } as OfflineRefundResponse);
      },
    };
    expect(await sendOutbox(db, 1, senders)).toEqual({ sent: 2, failed: 0, stopped: null });
    expect(calls).toEqual(['sale R2569-T03-000001', 'refund of 41 CN2569-T03-000001']);
    expect(await db.outbox.count()).toBe(0);
    expect(await sendOutbox(db, 1, senders)).toEqual({ sent: 0, failed: 0, stopped: null });
  });

  it('waits, failed, when the sale it refunds was refused by the server', async () => {
    const sale = await sellOffline();
    await refund(sale);
    const senders: OutboxSenders = {
      sale: () => Promise.reject(new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'x' })),
      refund: () => Promise.reject(new Error('must not be sent')),
    };
    expect(await sendOutbox(db, 1, senders)).toEqual({ sent: 0, failed: 2, stopped: null });
    const failed = await db.outbox.toArray();
    expect(failed.map((r) => r.failure?.code)).toEqual(['VALIDATION_FAILED', 'OFFLINE_SALE_NOT_SENT']);
  });

  it('is refused for money back to a card, a sale not kept, or no credit note numbers left; nothing moves', async () => {
    const sale = await sellOffline();
    await expect(refund(sale, { reason: 'customer_request', refundMethod: 'card' })).rejects.toEqual(
      new OfflineRefusal('card'),
    );
    await expect(refund({ ...sale, document_number: 'R2569-000999' })).rejects.toEqual(new OfflineRefusal('notKept'));
    await db.blocks.update(2, { next: 21 });
    await expect(refund(sale)).rejects.toEqual(new OfflineRefusal('noNumbers'));
    expect(await db.outbox.count()).toBe(1);
    expect((await db.products.get(PRODUCT.id))?.product.stock).toBe(8);
  });
});
