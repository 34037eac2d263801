import { randomUUID } from 'node:crypto';
import type { Product } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// The list answers each style's lowest active variant stock (issue 34), so the products screen can mark a
// style whose total looks healthy while one of its sizes is nearly gone.

describe.each(ENGINES)('the product list on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  beforeAll(async () => {
    admin = await t.adminToken();
  });

  async function listed(search: string): Promise<Product[]> {
    const res = await t.request<{ products: Product[] }>('GET', `/api/products?search=${encodeURIComponent(search)}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    return res.body.products;
  }

  it('answers the lowest stock among active variants, skipping switched-off ones', async () => {
    const tag = randomUUID().slice(0, 8);
    const polo = await buildProduct(t, {
      name: `โปโล ${tag}`,
      sizes: ['S', 'M', 'L'],
      variants: [
        { size: 'S', color: null, stock: 20 },
        { size: 'M', color: null, stock: 2 },
        // Switched off: not sold, so its 0 is no shortage.
        { size: 'L', color: null, stock: 0, active: false },
      ],
      stock: 30,
    });
    const plain = await buildProduct(t, { name: `กระเป๋า ${tag}`, stock: 7 });
    const off = await buildProduct(t, {
      name: `หมวก ${tag}`,
      sizes: ['F'],
      variants: [{ size: 'F', color: null, stock: 4, active: false }],
    });

    const byId = new Map((await listed(tag)).map((p) => [p.id, p]));
    expect(byId.get(polo.id)).toMatchObject({ stock: 30, unassigned_stock: 8, lowest_variant_stock: 2 });
    expect(byId.get(plain.id)).toMatchObject({ stock: 7, lowest_variant_stock: 7 });
    expect(byId.get(off.id)).toMatchObject({ lowest_variant_stock: null });
  });

  it('marks low what the list marks: a style whose total is high counts once one of its sizes is out', async () => {
    const tag = randomUUID().slice(0, 8);
    const shirt = await buildProduct(t, {
      name: `เสื้อ ${tag}`,
      sizes: ['S', 'M', 'L'],
      variants: [
        { size: 'S', color: null, stock: 40 },
        { size: 'M', color: null, stock: 0 },
        { size: 'L', color: null, stock: 35 },
      ],
      stock: 75,
    });
    const full = await buildProduct(t, {
      name: `กางเกง ${tag}`,
      sizes: ['S', 'M'],
      variants: [
        { size: 'S', color: null, stock: 30 },
        { size: 'M', color: null, stock: 25 },
      ],
      stock: 55,
    });
    const fewPlain = await buildProduct(t, { name: `ถุงเท้า ${tag}`, stock: 4 });
    const plenty = await buildProduct(t, { name: `ผ้าพันคอ ${tag}`, stock: 50 });

    const products = await listed(tag);
    const byId = new Map(products.map((p) => [p.id, p]));
    expect(byId.get(shirt.id)).toMatchObject({ stock: 75, lowest_variant_stock: 0, low_stock: true });
    expect(byId.get(full.id)).toMatchObject({ stock: 55, low_stock: false });
    expect(byId.get(fewPlain.id)).toMatchObject({ low_stock: true });
    expect(byId.get(plenty.id)).toMatchObject({ low_stock: false });
    // The screen's figure: what the list answers as low.
    expect(
      products
        .filter((p) => p.low_stock === true)
        .map((p) => p.id)
        .sort(),
    ).toEqual([shirt.id, fewPlain.id].sort());
  });

  it('leaves it out of a single product answer', async () => {
    const plain = await buildProduct(t, { stock: 3 });
    const res = await t.request<{ product: Product }>('GET', `/api/products/${plain.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.product).not.toHaveProperty('lowest_variant_stock');
    expect(res.body.product).not.toHaveProperty('low_stock');
  });
});
