import { randomUUID } from 'node:crypto';
import {
  SHIFTS_CSV_COLUMNS,
  type CashMovement,
  type Product,
  type Shift,
  type ShiftDetailResponse,
  type Till,
} from '@pos/core';
import { buildApp } from '../src/app';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// Tills, shifts and the cash drawer (issue 35): the contract the issue fixes, and the drawer's arithmetic
// worked out by the server from what it recorded, on each engine.

type Refusal = { code?: string; error?: string; details?: Record<string, unknown> };
type ShiftAnswer = { shift: Shift } & Refusal;
type DetailAnswer = ShiftDetailResponse & Refusal;

describe.each(ENGINES)('tills and shifts on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let manager: { token: string; username: string; password: string };
  let cashier: string;
  let cashierUser: { username: string; password: string };
  let viewer: string;
  let shirt: Product;

  const tillNamed = async (name: string): Promise<Till> => {
    const res = await t.request<{ till: Till } & Refusal>('POST', '/api/tills', { token: admin, body: { name } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.till;
  };
  const open = (tillId: number, openingFloat: number, extra: Record<string, unknown> = {}, token = cashier) =>
    t.request<ShiftAnswer>('POST', '/api/shifts', { token, body: { tillId, openingFloat, ...extra } });
  const close = (shiftId: number, body: Record<string, unknown>, token = cashier) =>
    t.request<DetailAnswer>('POST', `/api/shifts/${shiftId}/close`, { token, body });
  const move = (shiftId: number, body: Record<string, unknown>, token = cashier) =>
    t.request<{ movement: CashMovement } & Refusal>('POST', `/api/shifts/${shiftId}/cash-movements`, { token, body });
  const shiftOfSale = async (saleId: number) =>
    t.built.deps.db.kysely
      .selectFrom('sales')
      .select(['till_id', 'shift_id'])
      .where('id', '=', saleId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    admin = await t.adminToken();
    const m = await t.buildUser({ role: 'manager' });
    manager = { token: m.token, username: m.user.username, password: m.password };
    const c = await t.buildUser({ role: 'cashier' });
    cashier = c.token;
    cashierUser = { username: c.user.username, password: c.password };
    viewer = (await t.buildUser({ role: 'viewer' })).token;
    shirt = await buildProduct(t, { price: 535, stock: 1000 });
    // Split bills are part of the drawer's arithmetic.
    const res = await t.request('PUT', '/api/settings', {
      token: admin,
      body: { settings: { payment: { allowMultiplePaymentMethods: true, transferEnabled: true } } },
    });
    expect(res.status).toBe(200);
  });

  it('keeps the shift settings as a group of their own: defaults, checks and what is saved', async () => {
    const read = await t.request<{ settings: { shifts: Record<string, unknown> } }>('GET', '/api/settings', {
      token: admin,
    });
    expect(read.body.settings.shifts).toEqual({
      requireOpenShift: true,
      differenceLimit: 100,
      cashReasons: ['ซื้อถุง', 'เงินทอนเพิ่ม', 'ค่าขนส่ง', 'ฝากเงินเข้าธนาคาร'],
    });
    for (const shifts of [{ differenceLimit: -1 }, { differenceLimit: 1.001 }, { cashReasons: ['ซื้อถุง', ' '] }]) {
      const res = await t.request('PUT', '/api/settings', { token: admin, body: { settings: { shifts } } });
      expect(res.status, JSON.stringify(shifts)).toBe(400);
    }
    const saved = await t.request<{ settings: { shifts: Record<string, unknown> } }>('PUT', '/api/settings', {
      token: admin,
      body: { settings: { shifts: { cashReasons: ['ซื้อถุง', 'ค่าน้ำแข็ง'] } } },
    });
    expect(saved.body.settings.shifts).toMatchObject({ differenceLimit: 100, cashReasons: ['ซื้อถุง', 'ค่าน้ำแข็ง'] });
  });

  it('sells as before while the shop has no till, and answers an empty till list', async () => {
    const sale = await postSale(t, cashier, salePayload([{ product: shirt, quantity: 1 }]));
    expect(sale.status).toBe(201);
    expect(await shiftOfSale(sale.body.sale.id)).toEqual({ till_id: null, shift_id: null });
    const tills = await t.request<{ tills: Till[] }>('GET', '/api/tills', { token: cashier });
    expect(tills).toMatchObject({ status: 200, body: { tills: [] } });
  });

  it('creates tills (the contract), refuses a name twice in any case, an empty one, and a cashier creating one', async () => {
    const res = await t.request<{ till: Till }>('POST', '/api/tills', { token: admin, body: { name: 'เคาน์เตอร์ 1' } });
    expect(res.status).toBe(201);
    expect(res.body.till).toMatchObject({
      id: expect.any(Number),
      name: 'เคาน์เตอร์ 1',
      active: true,
      openShiftId: null,
    });

    const twice = await t.request<Refusal>('POST', '/api/tills', {
      token: manager.token,
      body: { name: ' เคาน์เตอร์ 1 ' },
    });
    expect(twice).toMatchObject({ status: 409, body: { code: 'TILL_NAME_TAKEN' } });
    expect(twice.body.error).toContain('เคาน์เตอร์ 1');
    const empty = await t.request<Refusal>('POST', '/api/tills', { token: admin, body: { name: '  ' } });
    expect(empty).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const byCashier = await t.request<Refusal>('POST', '/api/tills', { token: cashier, body: { name: 'ของแคชเชียร์' } });
    expect(byCashier.status).toBe(403);

    const list = await t.request<{ tills: Till[] }>('GET', '/api/tills', { token: cashier });
    expect(list.body.tills.map((till) => till.name)).toContain('เคาน์เตอร์ 1');
    const rows = await t.built.deps.db.kysely.selectFrom('tills').select('name').execute();
    expect(rows.filter((r) => r.name.trim() === 'เคาน์เตอร์ 1')).toHaveLength(1);
  });

  it('refuses a sale at a till with no open shift, and one naming no till once tills exist, with a Thai message', async () => {
    const till = await tillNamed(`ไม่มีกะ ${randomUUID().slice(0, 4)}`);
    const atTill = await postSale(t, cashier, salePayload([{ product: shirt, quantity: 1 }], { tillId: till.id }));
    expect(atTill).toMatchObject({ status: 409, body: { code: 'SHIFT_REQUIRED', details: { tillName: till.name } } });
    expect(atTill.body.error).toMatch(/เปิดกะ/);
    const noTill = await postSale(t, cashier, salePayload([{ product: shirt, quantity: 1 }]));
    expect(noTill).toMatchObject({ status: 409, body: { code: 'SHIFT_REQUIRED' } });
    const unknown = await postSale(t, cashier, salePayload([{ product: shirt, quantity: 1 }], { tillId: 999_999 }));
    expect(unknown).toMatchObject({ status: 400, body: { code: 'TILL_NOT_FOUND' } });
    // Nothing was written for any of them.
    const stock = await t.built.deps.db.kysely
      .selectFrom('products')
      .select('stock')
      .where('id', '=', shirt.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(999);
  });

  it('opens a shift (the contract), refuses a second open shift on the till, a count that does not add up, and a viewer', async () => {
    const till = await tillNamed(`เปิดกะ ${randomUUID().slice(0, 4)}`);
    const count = [
      { denomination: 1000, count: 1 },
      { denomination: 100, count: 4 },
      { denomination: 20, count: 5 },
      { denomination: 0.25, count: 2 },
    ];
    const badCount = await open(till.id, 1500, { openingCount: count });
    expect(badCount).toMatchObject({ status: 400, body: { code: 'CASH_COUNT_MISMATCH' } });
    const notANote = await open(till.id, 30, { openingCount: [{ denomination: 30, count: 1 }] });
    expect(notANote).toMatchObject({ status: 400, body: { code: 'CASH_COUNT_UNKNOWN_DENOMINATION' } });
    expect((await open(till.id, 100, {}, viewer)).status).toBe(403);

    const opened = await open(till.id, 1500.5, { openingCount: count });
    expect(opened.status).toBe(201);
    expect(opened.body.shift).toMatchObject({
      id: expect.any(Number),
      tillId: till.id,
      status: 'open',
      openingFloat: 1500.5,
      openingCount: count,
    });
    const again = await open(till.id, 100, {}, manager.token);
    expect(again).toMatchObject({ status: 409, body: { code: 'SHIFT_ALREADY_OPEN' } });
    const current = await t.request<{ shift: Shift | null }>('GET', `/api/shifts/current?tillId=${till.id}`, {
      token: cashier,
    });
    expect(current.body.shift?.id).toBe(opened.body.shift.id);
  });

  it('works out the expected cash from what it recorded: float, cash kept for sales, cash refunded, pay-ins and pay-outs', async () => {
    const till = await tillNamed(`ทั้งกะ ${randomUUID().slice(0, 4)}`);
    const { shift } = (await open(till.id, 1000)).body;
    const line = [{ product: shirt, quantity: 1 }];
    // Cash 535 paid with 1,000 (465 change), a transfer, and a split bill of 300 cash (given 400) + 235 transfer.
    const cash = await postSale(t, cashier, salePayload(line, { tillId: till.id, cashReceived: 1000 }));
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    const transfer = await postSale(t, cashier, salePayload(line, { tillId: till.id, paymentMethod: 'transfer' }));
    expect(transfer.status).toBe(201);
    const split = await postSale(
      t,
      cashier,
      salePayload(line, {
        tillId: till.id,
        paymentMethod: 'split',
        payments: [
          { method: 'cash', amount: 400 },
          { method: 'transfer', amount: 235 },
        ],
      }),
    );
    expect(split.status, JSON.stringify(split.body)).toBe(201);
    expect(await shiftOfSale(cash.body.sale.id)).toEqual({ till_id: till.id, shift_id: shift.id });
    // The sale names its till (printed on the receipt), as answered and as read back.
    expect(cash.body.sale).toMatchObject({ till_id: till.id, till_name: till.name, shift_id: shift.id });
    const readBack = await t.request<{ sale: unknown }>('GET', `/api/sales/${cash.body.sale.id}`, { token: admin });
    expect(readBack.body.sale).toEqual(cash.body.sale);

    expect((await move(shift.id, { type: 'in', amount: 200, reason: 'เงินทอนเพิ่ม' })).status).toBe(201);
    const out = await move(shift.id, { type: 'out', amount: 150.25, reason: 'ซื้อถุง' });
    expect(out.status).toBe(201);
    expect(out.body.movement).toMatchObject({ shiftId: shift.id, type: 'out', amount: 150.25, reason: 'ซื้อถุง' });
    expect((await move(shift.id, { type: 'out', amount: 0, reason: 'x' })).status).toBe(400);
    expect((await move(shift.id, { type: 'sideways', amount: 5, reason: 'x' })).status).toBe(400);

    // A cash refund of the first sale (admin holds pos_refund), and a transfer refund of the second.
    const cashBack = await t.request('POST', `/api/sales/${cash.body.sale.id}/refund`, {
      token: admin,
      body: { tillId: till.id },
    });
    expect(cashBack.status, JSON.stringify(cashBack.body)).toBe(201);
    const transferBack = await t.request('POST', `/api/sales/${transfer.body.sale.id}/refund`, {
      token: admin,
      body: { tillId: till.id, refundMethod: 'transfer' },
    });
    expect(transferBack.status).toBe(201);

    // X report: changes nothing, shows what should be in the drawer so far.
    const x = await t.request<DetailAnswer>('GET', `/api/shifts/${shift.id}`, { token: cashier });
    expect(x.status).toBe(200);
    const expected = 1000 + 535 + 300 - 535 + 200 - 150.25;
    expect(x.body.report).toMatchObject({ kind: 'X', cash: { expected, counted: null, difference: null } });

    const closed = await close(shift.id, { countedCash: expected });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.shift).toMatchObject({
      status: 'closed',
      expectedCash: expected,
      countedCash: expected,
      difference: 0,
      differenceApprovedBy: null,
    });
    const z = closed.body.report;
    expect(z).toMatchObject({
      kind: 'Z',
      sales: {
        count: 3,
        total: 535 * 3,
        firstDocument: cash.body.sale.document_number,
        lastDocument: split.body.sale.document_number,
      },
      refunds: { count: 2, total: 1070 },
      cashMovements: { paidIn: 200, paidOut: 150.25 },
      cash: { openingFloat: 1000, cashSales: 835, cashRefunds: 535, paidIn: 200, paidOut: 150.25, expected },
    });
    expect(z.sales.byMethod).toEqual([
      { method: 'cash', count: 2, amount: 835 },
      { method: 'transfer', count: 2, amount: 770 },
    ]);
    expect(z.refunds.byMethod).toEqual([
      { method: 'cash', count: 1, amount: 535 },
      { method: 'transfer', count: 1, amount: 535 },
    ]);

    // A closed shift is final: no second close, no movement, no sale; the Z report is kept as it was.
    expect(await close(shift.id, { countedCash: 1 })).toMatchObject({ status: 409, body: { code: 'SHIFT_CLOSED' } });
    expect(await move(shift.id, { type: 'in', amount: 5, reason: 'x' })).toMatchObject({
      status: 409,
      body: { code: 'SHIFT_CLOSED' },
    });
    const after = await postSale(t, cashier, salePayload(line, { tillId: till.id }));
    expect(after).toMatchObject({ status: 409, body: { code: 'SHIFT_REQUIRED' } });
    const kept = await t.request<DetailAnswer>('GET', `/api/shifts/${shift.id}`, { token: manager.token });
    expect(kept.body.report).toEqual(z);
  });

  it('asks a manager to approve a difference above the limit, with a note, and records it as it is', async () => {
    const till = await tillNamed(`ส่วนต่าง ${randomUUID().slice(0, 4)}`);
    const { shift } = (await open(till.id, 500)).body;
    const sale = await postSale(t, cashier, salePayload([{ product: shirt, quantity: 1 }], { tillId: till.id }));
    expect(sale.status).toBe(201);
    // Expected 1,035; counted 150.50 short, above the shop's default limit of 100.
    const short = 1035 - 150.5;
    const unapproved = await close(shift.id, { countedCash: short });
    expect(unapproved).toMatchObject({
      status: 409,
      body: { code: 'SHIFT_DIFFERENCE_APPROVAL_REQUIRED', details: { difference: -150.5, limit: 100 } },
    });
    expect(unapproved.body.error).toMatch(/อนุมัติ/);
    const byCashier = await close(shift.id, { countedCash: short, note: 'x', approver: cashierUser });
    expect(byCashier).toMatchObject({ status: 403, body: { code: 'SHIFT_APPROVER_NOT_PERMITTED' } });
    const wrongPassword = await close(shift.id, {
      countedCash: short,
      note: 'x',
      approver: { username: manager.username, password: 'not-the-password' },
    });
    expect(wrongPassword).toMatchObject({ status: 400, body: { code: 'SHIFT_APPROVER_INVALID_CREDENTIALS' } });
    const noNote = await close(shift.id, { countedCash: short, approver: manager });
    expect(noNote).toMatchObject({ status: 400, body: { code: 'SHIFT_NOTE_REQUIRED' } });
    // Still open after every refusal.
    const still = await t.request<{ shift: Shift | null }>('GET', `/api/shifts/current?tillId=${till.id}`, {
      token: cashier,
    });
    expect(still.body.shift?.status).toBe('open');

    const approved = await close(shift.id, {
      countedCash: short,
      note: 'ทอนเงินผิดให้ลูกค้า',
      approver: { username: manager.username, password: manager.password },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.shift).toMatchObject({
      status: 'closed',
      expectedCash: 1035,
      countedCash: short,
      difference: -150.5,
      differenceApprovedBy: { name: expect.any(String) },
      closeNote: 'ทอนเงินผิดให้ลูกค้า',
    });
  });

  it('closes a small difference without approval, and lets only managers read the list of shifts', async () => {
    const till = await tillNamed(`เล็กน้อย ${randomUUID().slice(0, 4)}`);
    const { shift } = (await open(till.id, 200)).body;
    const closed = await close(shift.id, { countedCash: 260 });
    expect(closed.body.shift).toMatchObject({ difference: 60, differenceApprovedBy: null });
    expect((await t.request('GET', '/api/shifts', { token: cashier })).status).toBe(403);
    const list = await t.request<{ shifts: Shift[] }>('GET', `/api/shifts?tillId=${till.id}`, { token: manager.token });
    expect(list.status).toBe(200);
    expect(list.body.shifts.map((s) => s.id)).toEqual([shift.id]);
    const differences = await t.request<{ shifts: Shift[] }>('GET', '/api/shifts?differenceOnly=true', {
      token: manager.token,
    });
    expect(differences.body.shifts.every((s) => s.difference !== 0 && s.difference !== null)).toBe(true);

    const csv = await fetch(`${t.url}/api/shifts/export.csv?tillId=${till.id}`, {
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/shifts_\d{4}-\d{2}-\d{2}\.csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(SHIFTS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${shift.id},${till.name},ปิดแล้ว`);
    expect(lines[1]).toContain('200.00,200.00,260.00,60.00');
    const csvByCashier = await fetch(`${t.url}/api/shifts/export.csv`, {
      headers: { authorization: `Bearer ${cashier}` },
    });
    expect(csvByCashier.status).toBe(403);
  });

  it('keeps two tills’ shifts apart while both are open', async () => {
    const [a, b] = [await tillNamed(`ก ${randomUUID().slice(0, 4)}`), await tillNamed(`ข ${randomUUID().slice(0, 4)}`)];
    const shiftA = (await open(a.id, 100)).body.shift;
    const shiftB = (await open(b.id, 300, {}, manager.token)).body.shift;
    const line = [{ product: shirt, quantity: 2 }];
    const saleA = await postSale(t, cashier, salePayload(line, { tillId: a.id }));
    const saleB = await postSale(t, manager.token, salePayload(line, { tillId: b.id, paymentMethod: 'transfer' }));
    expect(await shiftOfSale(saleA.body.sale.id)).toEqual({ till_id: a.id, shift_id: shiftA.id });
    expect(await shiftOfSale(saleB.body.sale.id)).toEqual({ till_id: b.id, shift_id: shiftB.id });
    const closedA = await close(shiftA.id, { countedCash: 1170 });
    const closedB = await close(shiftB.id, { countedCash: 300 }, manager.token);
    expect(closedA.body.shift).toMatchObject({ expectedCash: 1170, difference: 0 });
    expect(closedB.body.shift).toMatchObject({ expectedCash: 300, difference: 0 });
    expect(closedB.body.report.sales.byMethod).toEqual([
      { method: 'cash', count: 0, amount: 0 },
      { method: 'transfer', count: 1, amount: 1070 },
    ]);
  });

  it('refuses a cash refund without an open shift, but lets a transfer refund through', async () => {
    const till = await tillNamed(`คืนเงิน ${randomUUID().slice(0, 4)}`);
    const { shift } = (await open(till.id, 0)).body;
    const line = [{ product: shirt, quantity: 1 }];
    const cash = await postSale(t, cashier, salePayload(line, { tillId: till.id }));
    const transfer = await postSale(t, cashier, salePayload(line, { tillId: till.id, paymentMethod: 'transfer' }));
    expect((await close(shift.id, { countedCash: 535 })).status).toBe(200);
    const cashBack = await t.request<Refusal>('POST', `/api/sales/${cash.body.sale.id}/refund`, {
      token: admin,
      body: { tillId: till.id },
    });
    expect(cashBack).toMatchObject({ status: 409, body: { code: 'SHIFT_REQUIRED' } });
    const refunds = await t.built.deps.db.kysely
      .selectFrom('refunds')
      .select('id')
      .where('sale_id', '=', cash.body.sale.id)
      .execute();
    expect(refunds).toEqual([]);
    const transferBack = await t.request('POST', `/api/sales/${transfer.body.sale.id}/refund`, {
      token: admin,
      body: { tillId: till.id, refundMethod: 'transfer' },
    });
    expect(transferBack.status).toBe(201);
    // A transfer refund made without the till's shift names none.
    const row = await t.built.deps.db.kysely
      .selectFrom('refunds')
      .select('shift_id')
      .where('sale_id', '=', transfer.body.sale.id)
      .executeTakeFirstOrThrow();
    expect(row.shift_id).toBeNull();
  });

  it('sells without a shift when the shop turns the requirement off, still naming the till', async () => {
    const till = await tillNamed(`ไม่บังคับ ${randomUUID().slice(0, 4)}`);
    const off = await t.request('PUT', '/api/settings', {
      token: admin,
      body: { settings: { shifts: { requireOpenShift: false } } },
    });
    expect(off.status).toBe(200);
    try {
      const sale = await postSale(t, cashier, salePayload([{ product: shirt, quantity: 1 }], { tillId: till.id }));
      expect(sale.status).toBe(201);
      expect(await shiftOfSale(sale.body.sale.id)).toEqual({ till_id: till.id, shift_id: null });
    } finally {
      await t.request('PUT', '/api/settings', {
        token: admin,
        body: { settings: { shifts: { requireOpenShift: true } } },
      });
    }
  });

  it('puts every sale racing a close, from two processes, in the closed shift or refuses it, never losing one', async () => {
    const till = await tillNamed(`แข่ง ${randomUUID().slice(0, 4)}`);
    const { shift } = (await open(till.id, 1000)).body;
    const other = await buildApp(t.config, { logger: false, now: t.now, sleep: t.sleep });
    try {
      const body = () => JSON.stringify(salePayload([{ product: shirt, quantity: 1 }], { tillId: till.id }));
      const sales = Array.from({ length: 8 }, (_, i) => {
        const headers = {
          authorization: `Bearer ${cashier}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        };
        if (i % 2 === 0) {
          return fetch(`${t.url}/api/sales`, { method: 'POST', headers, body: body() }).then(async (r) => ({
            status: r.status,
            body: (await r.json()) as { sale?: { id: number }; code?: string },
          }));
        }
        return other.app
          .inject({ method: 'POST', url: '/api/sales', headers, payload: body() })
          .then((r) => ({ status: r.statusCode, body: r.json<{ sale?: { id: number }; code?: string }>() }));
      });
      const closing = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
        close(shift.id, { countedCash: 1000 + 535 * 8, note: 'นับหลังแข่ง', approver: manager }),
      );
      const [answers, closed] = await Promise.all([Promise.all(sales), closing]);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const recorded = answers.filter((a) => a.status === 201);
      for (const refused of answers.filter((a) => a.status !== 201)) {
        expect(refused).toMatchObject({ status: 409, body: { code: 'SHIFT_REQUIRED' } });
      }
      // Each recorded sale is in the shift, and the Z report counted exactly those.
      const inShift = await t.built.deps.db.kysely
        .selectFrom('sales')
        .select('id')
        .where('shift_id', '=', shift.id)
        .execute();
      expect(inShift.map((r) => r.id).sort()).toEqual(recorded.map((a) => a.body.sale!.id).sort());
      const z = closed.body.report;
      expect(z.sales.count).toBe(recorded.length);
      expect(z.cash.expected).toBe(1000 + 535 * recorded.length);
      expect(closed.body.shift.expectedCash).toBe(1000 + 535 * recorded.length);
    } finally {
      await other.app.close();
    }
  });
});
