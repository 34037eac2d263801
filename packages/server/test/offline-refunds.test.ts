import { randomUUID } from 'node:crypto';
import {
  formatDocumentNumber,
  type CreateSaleResponse,
  type FlaggedOfflineSale,
  type FlaggedOfflineSalesResponse,
  type NumberBlock,
  type OfflineRefundResponse,
  type PricingSettings,
  type PrintJob,
  type RefundSaleRequest,
  type Shift,
  type Till,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { registerForVat, salePayload, type PayloadLine } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// Refunds made offline (issue 38): the till numbers its credit notes from a block of its own credit-note series
// and sends the refund later with its device-made id and the time it was made. The id answers the same outcome
// forever; a refund the sale can no longer take is kept and flagged for a manager, never dropped.
describe.each(ENGINES)('offline refunds on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let cashier: string;
  let till: Till;
  let otherTill: Till;
  let pricing: PricingSettings;

  const newTill = async (name: string) =>
    (await t.request<{ till: Till }>('POST', '/api/tills', { token: admin, body: { name } })).body.till;
  const openShift = async (tillId: number) =>
    (await t.request<{ shift: Shift }>('POST', '/api/shifts', { token: cashier, body: { tillId, openingFloat: 0 } }))
      .body.shift;
  const reserve = (tillId: number, kind?: 'receipt' | 'credit_note') =>
    t.request<{ block: NumberBlock; code?: string }>('POST', '/api/offline/number-blocks', {
      token: cashier,
      body: { tillId, size: 20, ...(kind && { kind }) },
    });
  const minutesAgo = (m: number) => new Date(t.now().getTime() - m * 60_000).toISOString();
  const sell = async (lines: PayloadLine[], extra: Record<string, unknown> = {}) => {
    const res = await t.request<CreateSaleResponse>('POST', '/api/sales', {
      token: cashier,
      body: salePayload(lines, { tillId: till.id, offlineId: randomUUID(), settings: pricing, ...extra }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.sale;
  };
  /** A refund as the till's outbox sends it: no Idempotency-Key, its id, time and printed number. */
  // Refunds need pos_refund, which only admins hold.
  const refund = (saleId: number, body: RefundSaleRequest, token = admin) =>
    t.request<OfflineRefundResponse & { code?: string }>('POST', `/api/sales/${saleId}/refund`, { token, body });
  const offlineRefund = (extra: Partial<RefundSaleRequest> & { createdAt: string }): RefundSaleRequest => ({
    reason: 'customer_request',
    tillId: till.id,
    offlineId: randomUUID(),
    ...extra,
  });
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
  const refundCount = async () =>
    Number(
      (
        await t.built.deps.db.kysely
          .selectFrom('refunds')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const flagged = async (): Promise<FlaggedOfflineSale[]> =>
    (await t.request<FlaggedOfflineSalesResponse>('GET', '/api/offline/flagged?handled=all', { token: admin })).body
      .sales;

  beforeAll(async () => {
    admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    pricing = await registerForVat(t);
    till = await newTill('หน้าร้าน');
    otherTill = await newTill('หลังร้าน');
    await openShift(till.id);
    await openShift(otherTill.id);
  });

  it("reserves credit-note blocks of the till's own CN series beside its receipt blocks", async () => {
    const credit = await reserve(till.id, 'credit_note');
    const receipts = await reserve(till.id);
    expect(credit.status).toBe(201);
    expect(credit.body.block).toMatchObject({ kind: 'credit_note', first: 1, last: 20, used: 0 });
    expect(credit.body.block.series).toMatch(new RegExp(`^CN25\\d\\d-T${String(till.id).padStart(2, '0')}$`));
    expect(receipts.body.block).toMatchObject({ kind: 'receipt', first: 1 });
    expect(receipts.body.block.series).toMatch(/^R25\d\d-T/);
  });

  it('records a refund made offline at its time, under its printed credit note, once for its id forever', async () => {
    const block = (await reserve(till.id, 'credit_note')).body.block;
    const product = await buildProduct(t, { price: 107, stock: 10 });
    const sale = await sell([{ product, quantity: 2 }], { paymentMethod: 'cash' });
    t.advanceClock(10 * 60_000);
    const printed = formatDocumentNumber(block.series, block.first);
    const body = offlineRefund({
      lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }],
      // Half the sale, VAT on top included (the till works it out with core's refundAmountOf).
      refundAmount: sale.total / 2,
      createdAt: minutesAgo(4),
      documentNumber: printed,
    });
    const before = await refundCount();
    const first = await refund(sale.id, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.flags).toEqual([]);
    expect(first.body.refund).toMatchObject({
      credit_note_number: printed,
      created_at: new Date(body.createdAt!).toISOString(),
      refund_method: 'cash',
    });
    expect(first.body.sale.status).toBe('partially_refunded');
    expect(await stockOf(product.id)).toBe(9);

    // The page died before it heard back: sent again, and again long after any key would have expired.
    const again = await refund(sale.id, body);
    t.advanceClock(40 * 24 * 60 * 60_000);
    admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    const muchLater = await refund(sale.id, body);
    expect(again.status).toBe(201);
    expect(muchLater.body.refund?.id).toBe(first.body.refund!.id);
    expect(await refundCount()).toBe(before + 1);
    expect(await stockOf(product.id)).toBe(9);

    // Its note printed at the till when it was made: nothing prints when it syncs.
    const jobs = await t.request<{ jobs: PrintJob[] }>('GET', `/api/print-jobs?refundId=${first.body.refund!.id}`, {
      token: admin,
    });
    expect(jobs.body.jobs).toEqual([]);
    const state = await t.request<{ blocks: NumberBlock[] }>('GET', `/api/offline/state?tillId=${till.id}`, {
      token: admin,
    });
    expect(state.body.blocks.find((b) => b.id === block.id)?.used).toBe(1);
  });

  it('keeps a refund the sale can no longer take (refunded online meanwhile) unrecorded and flagged, never dropped', async () => {
    const product = await buildProduct(t, { price: 50, stock: 5 });
    const sale = await sell([{ product, quantity: 1 }], { paymentMethod: 'cash' });
    const online = await t.request('POST', `/api/sales/${sale.id}/refund`, {
      token: admin,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { reason: 'customer_request', tillId: otherTill.id },
    });
    expect(online.status).toBe(201);
    t.advanceClock(2 * 60_000);
    const before = await refundCount();
    const body = offlineRefund({ refundAmount: sale.total, createdAt: minutesAgo(1) });
    const kept = await refund(sale.id, body);
    expect(kept.status, JSON.stringify(kept.body)).toBe(202);
    expect(kept.body.refund).toBeNull();
    expect(kept.body.flags).toEqual([{ reason: 'refund_conflict', code: 'SALE_ALREADY_REFUNDED' }]);
    expect(await refundCount()).toBe(before);
    expect(await stockOf(product.id)).toBe(5);
    const again = await refund(sale.id, body);
    expect(again.status).toBe(202);
    expect(await refundCount()).toBe(before);

    const entry = (await flagged()).find((f) => f.offlineId === body.offlineId);
    expect(entry).toMatchObject({
      kind: 'refund',
      saleId: sale.id,
      documentNumber: sale.document_number,
      refundId: null,
      total: sale.total,
      handledAt: null,
    });
    const handled = await t.request<FlaggedOfflineSale>(
      'POST',
      `/api/offline/flagged-refunds/${body.offlineId}/handled`,
      { token: admin },
    );
    expect(handled.status).toBe(200);
    expect(handled.body.handledAt).not.toBeNull();
    const open = await t.request<FlaggedOfflineSalesResponse>('GET', '/api/offline/flagged', { token: admin });
    expect(open.body.sales.some((f) => f.offlineId === body.offlineId)).toBe(false);
    const missing = await t.request('POST', `/api/offline/flagged-refunds/${randomUUID()}/handled`, { token: admin });
    expect(missing.status).toBe(404);
  });

  it("flags a time before the sale and a number not the till's, recording the refund now under the shop's next", async () => {
    const product = await buildProduct(t, { price: 80, stock: 5 });
    const sale = await sell([{ product, quantity: 1 }], { paymentMethod: 'transfer' });
    const otherBlock = (await reserve(otherTill.id, 'credit_note')).body.block;
    const receiptBlock = (await reserve(till.id)).body.block;
    const body = offlineRefund({
      refundAmount: sale.total,
      refundMethod: 'transfer',
      createdAt: new Date(new Date(sale.created_at).getTime() - 60 * 60_000).toISOString(),
      documentNumber: formatDocumentNumber(otherBlock.series, otherBlock.first),
    });
    const res = await refund(sale.id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.flags.map((f) => f.reason).sort()).toEqual(['number_invalid', 'time_invalid']);
    expect(res.body.refund?.credit_note_number).toMatch(/^CN25\d\d-\d{6}$/);
    expect(res.body.refund?.refund_method).toBe('transfer');
    expect(Math.abs(new Date(res.body.refund!.created_at).getTime() - t.now().getTime())).toBeLessThan(5_000);

    // A receipt number is not a credit note's, even the till's own.
    const sale2 = await sell([{ product, quantity: 1 }], { paymentMethod: 'cash' });
    t.advanceClock(60_000);
    const res2 = await refund(
      sale2.id,
      offlineRefund({
        refundAmount: sale2.total,
        createdAt: minutesAgo(0.1),
        documentNumber: formatDocumentNumber(receiptBlock.series, receiptBlock.first),
      }),
    );
    expect(res2.body.flags.map((f) => f.reason)).toEqual(['number_invalid']);
    const entry = (await flagged()).find((f) => f.refundId === res.body.refund!.id);
    expect(entry).toMatchObject({ kind: 'refund', refundNumber: res.body.refund!.credit_note_number });
  });

  it('refuses money back to a card or an edit made offline, recording nothing', async () => {
    const product = await buildProduct(t, { price: 30, stock: 5 });
    const sale = await sell([{ product, quantity: 1 }], { paymentMethod: 'cash' });
    const before = await refundCount();
    const toCard = await refund(sale.id, offlineRefund({ refundMethod: 'card', createdAt: minutesAgo(1) }));
    expect(toCard).toMatchObject({ status: 400, body: { code: 'OFFLINE_REFUND_TO_CARD' } });
    const edit = await refund(
      sale.id,
      offlineRefund({ reason: 'edit_sale', edit_reason: 'ผิดไซซ์', createdAt: minutesAgo(1) }),
    );
    expect(edit).toMatchObject({ status: 400, body: { code: 'OFFLINE_REFUND_EDIT' } });
    const missing = await refund(999_999, offlineRefund({ createdAt: minutesAgo(1) }));
    expect(missing.status).toBe(404);
    expect(await refundCount()).toBe(before);
  });

  it('answers one refund for one id sent 6 times at once', async () => {
    const product = await buildProduct(t, { price: 90, stock: 5 });
    const sale = await sell([{ product, quantity: 2 }], { paymentMethod: 'cash' });
    t.advanceClock(60_000);
    const before = await refundCount();
    const body = offlineRefund({ refundAmount: sale.total, createdAt: minutesAgo(0.5) });
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(sale.id, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.refund?.id)).size).toBe(1);
    expect(await refundCount()).toBe(before + 1);
    expect(await stockOf(product.id)).toBe(5);
  });
});
