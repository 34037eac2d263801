import type { Product, StockMovement } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildProduct, productFormFields, sendForm, stockOf } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

type StockBody = { product: Product; movement: StockMovement | null };
type MovementsBody = { movements: StockMovement[]; next_before: number | null };
type ErrorBody = { error: string; code: string; fields?: Record<string, string>; details?: Record<string, unknown> };

async function movementCount(t: TestApp, id: number): Promise<number> {
  const rows = await t.built.deps.db.kysely
    .selectFrom('stock_movements')
    .select('id')
    .where('product_id', '=', id)
    .execute();
  return rows.length;
}

describe.each(ENGINES)('stock adjustments on %s', (engine) => {
  const t = useTestApp(engine);

  it('never lets a product edit put back stock sold meanwhile', async () => {
    const manager = await t.buildUser({ role: 'manager' });
    const cashier = await t.buildUser({ role: 'cashier' });
    const product = await buildProduct(t, { stock: 8 });
    // The manager opens the edit form at 8; a till sells one meanwhile.
    const sale = await postSale(t, cashier.token, salePayload([{ product, quantity: 1 }]));
    expect(sale.status).toBe(201);
    expect(await stockOf(t, product.id)).toBe(7);

    const saved = await sendForm<{ product: Product }>(t, 'PUT', `/api/products/${product.id}`, {
      token: manager.token,
      fields: productFormFields({ barcode: product.sku, name: 'ชื่อแก้แล้ว', stock: '8' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.product).toMatchObject({ name: 'ชื่อแก้แล้ว', stock: 7 });
    expect(await stockOf(t, product.id)).toBe(7);
  });

  it('adds, removes and sets stock given the stock seen, recording reason, note, who and before → after', async () => {
    const { token, user } = await t.buildUser({ role: 'manager' });
    const product = await buildProduct(t, { stock: 5 });
    const url = `/api/products/${product.id}/stock`;

    const added = await t.request<StockBody>('PATCH', url, {
      token,
      body: { mode: 'add', amount: 12, expected: 5, reason: 'received', note: '  ล็อต A ' },
    });
    expect(added.status).toBe(200);
    expect(added.body.product.stock).toBe(17);
    expect(added.body.movement).toMatchObject({
      kind: 'adjustment',
      user_id: user.id,
      user_name: user.name,
      old_quantity: 5,
      new_quantity: 17,
      delta: 12,
      reason_code: 'received',
      reason: 'ล็อต A',
      document_number: null,
    });

    const removed = await t.request<StockBody>('PATCH', url, {
      token,
      body: { mode: 'remove', amount: '2', expected: '17', reason: 'damaged' },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.movement).toMatchObject({ old_quantity: 17, new_quantity: 15, reason_code: 'damaged' });
    expect(removed.body.movement?.reason).toBeNull();

    const counted = await t.request<StockBody>('PATCH', url, {
      token,
      body: { mode: 'set', amount: 11, expected: 15, reason: 'counted' },
    });
    expect(counted.body.product.stock).toBe(11);
    expect(counted.body.movement).toMatchObject({ old_quantity: 15, new_quantity: 11, delta: -4 });

    // A count that matches changes nothing and records nothing.
    const same = await t.request<StockBody>('PATCH', url, {
      token,
      body: { mode: 'set', amount: 11, expected: 11, reason: 'counted' },
    });
    expect(same.status).toBe(200);
    expect(same.body.movement).toBeNull();
    expect(await movementCount(t, product.id)).toBe(3);
  });

  it('refuses with 409 STOCK_CHANGED and the fresh stock when the stock moved since the user saw it', async () => {
    const manager = await t.buildUser({ role: 'manager' });
    const cashier = await t.buildUser({ role: 'cashier' });
    const product = await buildProduct(t, { stock: 8 });
    await postSale(t, cashier.token, salePayload([{ product, quantity: 1 }]));
    const before = await movementCount(t, product.id);

    for (const body of [
      { mode: 'add', amount: 5, expected: 8, reason: 'received' },
      { mode: 'set', amount: 8, expected: 8, reason: 'counted' },
      { mode: 'set', amount: 20, expected: 8, reason: 'counted' },
    ]) {
      const res = await t.request<ErrorBody>('PATCH', `/api/products/${product.id}/stock`, {
        token: manager.token,
        body,
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('STOCK_CHANGED');
      expect(res.body.details).toEqual({ stock: 7 });
      expect(res.body.error).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(await stockOf(t, product.id)).toBe(7);
    expect(await movementCount(t, product.id)).toBe(before);

    // Redone with the fresh value, it goes through.
    const redo = await t.request<StockBody>('PATCH', `/api/products/${product.id}/stock`, {
      token: manager.token,
      body: { mode: 'add', amount: 5, expected: 7, reason: 'received' },
    });
    expect(redo.status).toBe(200);
    expect(redo.body.product.stock).toBe(12);
  });

  it('lets only one of two managers who saw the same stock win', async () => {
    const a = await t.buildUser({ role: 'manager' });
    const b = await t.buildUser({ role: 'manager' });
    const product = await buildProduct(t, { stock: 10 });
    const url = `/api/products/${product.id}/stock`;
    const results = await Promise.all([
      t.request<StockBody | ErrorBody>('PATCH', url, {
        token: a.token,
        body: { mode: 'add', amount: 5, expected: 10, reason: 'received' },
      }),
      t.request<StockBody | ErrorBody>('PATCH', url, {
        token: b.token,
        body: { mode: 'remove', amount: 3, expected: 10, reason: 'damaged' },
      }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body as StockBody;
    const loser = results.find((r) => r.status === 409)!.body as ErrorBody;
    expect(loser.details).toEqual({ stock: winner.product.stock });
    expect(await stockOf(t, product.id)).toBe(winner.product.stock);
    expect([15, 7]).toContain(winner.product.stock);
    expect(await movementCount(t, product.id)).toBe(1);
  });

  it('requires mode, amount, expected and a known reason (a note with "other"), never going below zero', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const product = await buildProduct(t, { stock: 4 });
    const url = `/api/products/${product.id}/stock`;
    const valid = { mode: 'add', amount: 1, expected: 4, reason: 'received' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, mode: undefined }, 'mode'],
      [{ ...valid, mode: 'double' }, 'mode'],
      [{ ...valid, amount: undefined }, 'amount'],
      [{ ...valid, amount: -1 }, 'amount'],
      [{ ...valid, amount: 1.5 }, 'amount'],
      [{ ...valid, amount: 0 }, 'amount'],
      [{ ...valid, expected: undefined }, 'expected'],
      [{ ...valid, reason: undefined }, 'reason'],
      [{ ...valid, reason: 'stolen' }, 'reason'],
      [{ ...valid, reason: 'other' }, 'note'],
      [{ ...valid, reason: 'other', note: '   ' }, 'note'],
      [{ ...valid, note: 'x'.repeat(201) }, 'note'],
      [{ ...valid, mode: 'remove', amount: 5 }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request<ErrorBody>('PATCH', url, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.fields?.[field], JSON.stringify(body)).toMatch(/[\u0E00-\u0E7F]/);
    }
    const below = await t.request<ErrorBody>('PATCH', url, { token, body: { ...valid, mode: 'remove', amount: 5 } });
    expect(below.body.fields?.amount).toContain('4');
    for (const rawBody of ['[]', 'null', '"x"']) {
      const res = await t.request('PATCH', url, { token, rawBody, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
    }
    expect(await stockOf(t, product.id)).toBe(4);

    const other = await t.request<StockBody>('PATCH', url, {
      token,
      body: { mode: 'remove', amount: 4, expected: 4, reason: 'other', note: 'ใช้เป็นของตัวอย่าง' },
    });
    expect(other.status).toBe(200);
    expect(other.body.product.stock).toBe(0);
    expect(other.body.movement).toMatchObject({ reason_code: 'other', reason: 'ใช้เป็นของตัวอย่าง' });
    const missing = await t.request<ErrorBody>('PATCH', '/api/products/999999/stock', { token, body: valid });
    expect(missing.status).toBe(404);
  });

  it('lets managers adjust and everyone who sees products read the history', async () => {
    const product = await buildProduct(t, { stock: 3 });
    const body = { mode: 'add', amount: 1, expected: 3, reason: 'received' };
    for (const role of ['cashier', 'viewer'] as const) {
      const { token } = await t.buildUser({ role });
      const res = await t.request<ErrorBody>('PATCH', `/api/products/${product.id}/stock`, { token, body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      const history = await t.request('GET', `/api/products/${product.id}/stock-movements`, { token });
      expect(history.status).toBe(200);
    }
    expect(await stockOf(t, product.id)).toBe(3);
    expect((await t.request('GET', `/api/products/${product.id}/stock-movements`)).status).toBe(401);
  });

  it('describes both body forms in the API document', async () => {
    type Doc = { paths: Record<string, { patch?: { description?: string; requestBody?: unknown } }> };
    const doc = await t.request<Doc>('GET', '/api/docs/json');
    const patch = doc.body.paths['/api/products/{id}/stock']?.patch;
    expect(patch?.description).toContain('STOCK_CHANGED');
    const body = JSON.stringify(patch?.requestBody);
    for (const field of ['expected', 'mode', 'returned_to_supplier', 'quantity']) expect(body).toContain(field);
  });

  it('lists the history newest first with who, sale document numbers and reasons, a page at a time', async () => {
    const manager = await t.buildUser({ role: 'manager' });
    const cashier = await t.buildUser({ role: 'cashier' });
    const created = await sendForm<{ product: Product }>(t, 'POST', '/api/products', {
      token: manager.token,
      fields: productFormFields({ stock: '10' }),
    });
    const product = created.body.product;
    const sale = await postSale(t, cashier.token, salePayload([{ product, quantity: 2, size: 'M', color: 'ขาว' }]));
    await t.request('PATCH', `/api/products/${product.id}/stock`, {
      token: manager.token,
      body: { mode: 'add', amount: 6, expected: 8, reason: 'received', note: 'ล็อตใหม่' },
    });
    await t.request('PATCH', `/api/products/${product.id}/stock`, {
      token: manager.token,
      body: { mode: 'set', amount: 13, expected: 14, reason: 'counted' },
    });
    const url = `/api/products/${product.id}/stock-movements`;
    const first = await t.request<MovementsBody>('GET', `${url}?limit=2`, { token: cashier.token });
    expect(first.status).toBe(200);
    expect(first.body.movements.map((m) => [m.kind, m.reason_code, m.old_quantity, m.new_quantity])).toEqual([
      ['adjustment', 'counted', 14, 13],
      ['adjustment', 'received', 8, 14],
    ]);
    expect(first.body.movements[0]).toMatchObject({ user_id: manager.user.id, user_name: manager.user.name });
    expect(first.body.next_before).toBe(first.body.movements[1]!.id);

    const second = await t.request<MovementsBody>('GET', `${url}?limit=2&before=${first.body.next_before}`, {
      token: cashier.token,
    });
    expect(second.body.movements.map((m) => [m.kind, m.old_quantity, m.new_quantity])).toEqual([
      ['sale', 10, 8],
      ['initial', 0, 10],
    ]);
    expect(second.body.movements[0]).toMatchObject({
      user_name: cashier.user.name,
      sale_id: sale.body.sale.id,
      document_number: sale.body.sale.document_number,
      reason_code: null,
    });
    expect(second.body.next_before).toBeNull();

    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'before=-1']) {
      const bad = await t.request<ErrorBody>('GET', `${url}?${query}`, { token: cashier.token });
      expect(bad.status, query).toBe(400);
    }
    expect((await t.request('GET', '/api/products/999999/stock-movements', { token: cashier.token })).status).toBe(404);
  });
});
