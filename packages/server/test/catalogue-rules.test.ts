import { AMOUNT_BOUNDS, type Product } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildProduct, productFormFields, sendForm } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

type ProductBody = { product: Product };
type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

const THAI = /[\u0E00-\u0E7F]/;

describe.each(ENGINES)('catalogue rules on %s', (engine) => {
  const t = useTestApp(engine);

  it('saves only a price, cost and original price the till can sell: the sale bounds from core', async () => {
    const admin = await t.adminToken();
    const cashier = await t.buildUser({ role: 'cashier' });
    const max = AMOUNT_BOUNDS.unitPriceBaht;
    for (const field of ['price', 'cost', 'original_price'] as const) {
      const res = await t.request<ErrorBody>('POST', '/api/products', {
        token: admin,
        body: { name: 'นาฬิกาหรู', sku: `WATCH-${field}`, category: 'รองเท้า', price: 500, [field]: max + 0.01 },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.fields?.[field], field).toMatch(THAI);
    }
    // The form sends text with separators: the same bound.
    const form = await sendForm<ErrorBody>(t, 'POST', '/api/products', {
      token: admin,
      fields: productFormFields({ barcode: 'WATCH-FORM', price: '150,000' }),
    });
    expect(form.status).toBe(400);
    expect(form.body.fields?.price).toMatch(THAI);

    // The most a product may cost is sold without a fuss.
    const top = await t.request<ProductBody>('POST', '/api/products', {
      token: admin,
      body: { name: 'นาฬิกาหรู', sku: 'WATCH-MAX', category: 'รองเท้า', price: max, stock: 3 },
    });
    expect(top.status).toBe(201);
    const sold = await postSale(t, cashier.token, salePayload([{ product: top.body.product, quantity: 1 }]));
    expect(sold.status).toBe(201);
    // A bill above the bill bound is refused whole, with the bound in Thai.
    const tooMuch = await postSale(t, cashier.token, salePayload([{ product: top.body.product, quantity: 11 }]));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatch(THAI);
  });

  it('refuses a SKU or barcode the label barcode cannot encode (Thai letters), in Thai, and saves nothing', async () => {
    const admin = await t.adminToken();
    for (const [sku, barcode, field] of [
      ['เสื้อ-01', '8850000000011', 'sku'],
      ['SHIRT-01', 'ก8850000000011', 'barcode'],
    ] as const) {
      const res = await t.request<ErrorBody>('POST', '/api/products', {
        token: admin,
        body: { name: 'เสื้อ', sku, barcode, category: 'รองเท้า', price: 100 },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.fields?.[field], field).toMatch(THAI);
    }
    const list = await t.request<{ products: Product[] }>('GET', '/api/products', { token: admin });
    expect(list.body.products.filter((p) => p.name === 'เสื้อ')).toEqual([]);
  });

  it('edits SKU and barcode as two fields, each unique against both codes of other products (409, Thai)', async () => {
    const manager = await t.buildUser({ role: 'manager' });
    const first = await buildProduct(t, { sku: 'DM100300', barcode: '8850100000300' });
    const second = await buildProduct(t, { sku: 'DM100301', barcode: '8850100000301' });

    const edited = await sendForm<ProductBody>(t, 'PUT', `/api/products/${first.id}`, {
      token: manager.token,
      fields: { ...productFormFields({ name: first.name }), sku: 'DM100300-B', barcode: '8850100000399' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.product).toMatchObject({ sku: 'DM100300-B', barcode: '8850100000399' });

    for (const [sku, barcode, field] of [
      ['DM100301', '8850100000398', 'sku'],
      ['DM100300-C', '8850100000301', 'barcode'],
      ['DM100300-C', 'dm100301', 'barcode'],
    ] as const) {
      const res = await sendForm<ErrorBody>(t, 'PUT', `/api/products/${first.id}`, {
        token: manager.token,
        fields: { ...productFormFields({ name: first.name }), sku, barcode },
      });
      expect(res.status, `${sku} ${barcode}`).toBe(409);
      expect(res.body.code).toBe('SKU_TAKEN');
      expect(res.body.fields?.[field]).toMatch(THAI);
      expect(res.body.fields?.[field]).toContain(second.name);
    }
    const read = await t.request<ProductBody>('GET', `/api/products/${first.id}`, { token: manager.token });
    expect(read.body.product).toMatchObject({ sku: 'DM100300-B', barcode: '8850100000399' });
  });

  it('takes a stock reason only in its direction: received raises, damaged and returns lower', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const product = await buildProduct(t, { stock: 10 });
    const url = `/api/products/${product.id}/stock`;
    const refused = [
      { mode: 'remove', amount: 2, expected: 10, reason: 'received' },
      { mode: 'set', amount: 4, expected: 10, reason: 'received' },
      { mode: 'add', amount: 2, expected: 10, reason: 'damaged' },
      { mode: 'set', amount: 12, expected: 10, reason: 'returned_to_supplier' },
    ];
    for (const body of refused) {
      const res = await t.request<ErrorBody>('PATCH', url, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields?.reason, JSON.stringify(body)).toMatch(THAI);
    }
    const read = await t.request<ProductBody>('GET', `/api/products/${product.id}`, { token });
    expect(read.body.product.stock).toBe(10);

    for (const [body, stock] of [
      [{ mode: 'add', amount: 2, expected: 10, reason: 'received' }, 12],
      [{ mode: 'remove', amount: 1, expected: 12, reason: 'damaged' }, 11],
      [{ mode: 'set', amount: 9, expected: 11, reason: 'counted' }, 9],
      [{ mode: 'set', amount: 15, expected: 9, reason: 'counted' }, 15],
      [{ mode: 'remove', amount: 1, expected: 15, reason: 'other', note: 'ตัวอย่างให้ลูกค้า' }, 14],
    ] as const) {
      const res = await t.request<ProductBody>('PATCH', url, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.product.stock).toBe(stock);
    }
  });

  it("tells a signed-out browser the shop's name and logo, and nothing else", async () => {
    const admin = await t.adminToken();
    const before = await t.request<{ shop: Record<string, unknown> }>('GET', '/api/settings/public');
    expect(before.status).toBe(200);
    expect(before.body.shop).toEqual({ storeName: expect.any(String), logo_url: null });

    const saved = await t.request('PUT', '/api/settings', {
      token: admin,
      body: { settings: { system: { storeName: 'ร้านใบเตย', taxId: '0105555555555', address: 'บางนา' } } },
    });
    expect(saved.status).toBe(200);
    const after = await t.request<{ shop: Record<string, unknown> }>('GET', '/api/settings/public');
    expect(after.status).toBe(200);
    expect(after.body.shop).toEqual({ storeName: 'ร้านใบเตย', logo_url: null });
    expect(JSON.stringify(after.body)).not.toContain('0105555555555');
  });
});
