import { describe, expect, it, vi } from 'vitest';
import type { CartProduct } from './cart';
import { withVariants } from './cart-fixtures';
import { catalogueOf, filterCatalogue, findByCode, hasMatch, warmCatalogue } from './catalogue';

function product(overrides: Partial<CartProduct> & { id: number }): CartProduct {
  return withVariants({
    name: `สินค้า ${overrides.id}`,
    price: 100,
    stock: 5,
    image_url: null,
    sizes: [],
    colors: [],
    sku: `SKU-${overrides.id}`,
    barcode: null,
    category: 'เสื้อผ้า',
    original_price: null,
    ...overrides,
  });
}

const list = [
  product({ id: 1, name: 'เสื้อยืดคอกลม', sku: 'TS-001', barcode: '8850000000011' }),
  product({ id: 2, name: 'กระเป๋าผ้า', sku: 'BG-001', category: 'กระเป๋า' }),
  product({ id: 3, name: 'รองเท้าผ้าใบ', sku: 'SH-9', barcode: 'ABC-123', category: 'รองเท้า' }),
];

describe('search and scanning', () => {
  const catalogue = catalogueOf(list);

  it('matches name, SKU or barcode in any case, within a category', () => {
    expect(filterCatalogue(catalogue, 'กระเป๋า', '').map((p) => p.id)).toEqual([2]);
    expect(filterCatalogue(catalogue, 'bg-0', '').map((p) => p.id)).toEqual([2]);
    expect(filterCatalogue(catalogue, 'abc', '').map((p) => p.id)).toEqual([3]);
    expect(filterCatalogue(catalogue, '', 'รองเท้า').map((p) => p.id)).toEqual([3]);
    expect(filterCatalogue(catalogue, '  ', '').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(filterCatalogue(catalogue, 'เสื้อ', 'รองเท้า')).toEqual([]);
    expect(hasMatch(catalogue, 'เสื้อ', 'รองเท้า')).toBe(false);
    expect(hasMatch(catalogue, '8850', '')).toBe(true);
  });

  it('finds the exact barcode or SKU for Enter, any case, never a part of a code', () => {
    expect(findByCode(catalogue, ' 8850000000011 ')?.product.id).toBe(1);
    expect(findByCode(catalogue, 'abc-123')?.product.id).toBe(3);
    expect(findByCode(catalogue, 'BG-001')?.product.id).toBe(2);
    expect(findByCode(catalogue, 'ts-001')?.product.id).toBe(1);
    expect(findByCode(catalogue, '885000')).toBeUndefined();
    expect(findByCode(catalogue, '')).toBeUndefined();
  });

  it('prefers a barcode over another product whose SKU is the same text', () => {
    const clash = catalogueOf([
      product({ id: 10, sku: '8851234567890' }),
      product({ id: 11, sku: 'X-11', barcode: '8851234567890' }),
    ]);
    expect(findByCode(clash, '8851234567890')?.product.id).toBe(11);
  });

  it("finds a variant by its own barcode or SKU, and a style's own code asks for the size", () => {
    const polo = product({
      id: 20,
      sku: 'POLO',
      barcode: 'POLO',
      sizes: ['M', 'L'],
      colors: ['ดำ'],
      variants: [
        { id: 201, size: 'M', color: 'ดำ', sku: 'POLO-M-C1', barcode: '8850000000202', stock: 2, price: null },
        { id: 202, size: 'L', color: 'ดำ', sku: 'POLO-L-C1', barcode: null, stock: 0, price: 390 },
      ],
      unassigned_stock: 0,
    });
    const plain = product({ id: 21, sku: 'BAG-1', barcode: '8850000000219' });
    const shop = catalogueOf([polo, plain]);
    expect(findByCode(shop, '8850000000202')).toEqual({ product: polo, variant: polo.variants[0] });
    expect(findByCode(shop, 'polo-l-c1')).toEqual({ product: polo, variant: polo.variants[1] });
    expect(findByCode(shop, 'POLO')).toEqual({ product: polo, variant: null });
    // A plain product's code names its one variant.
    expect(findByCode(shop, '8850000000219')).toEqual({ product: plain, variant: plain.variants[0] });
  });

  it('builds the code map of 2,000 styles of 12 × 4 variants in slices of about 1,000 codes, a scan not waiting for it', () => {
    const sizes = Array.from({ length: 12 }, (_, i) => String(34 + i));
    const colors = ['ดำ', 'ขาว', 'แดง', 'กรม'];
    const read = vi.fn();
    const styles = Array.from({ length: 2000 }, (_, i) =>
      product({ id: i + 1, sku: `ST-${i}`, barcode: null, sizes, colors }),
    ).map((p) => ({
      ...p,
      // Counts the codes read (each variant's barcode and SKU once in a full build).
      variants: p.variants.map((v) => ({
        ...v,
        get sku() {
          read();
          return v.sku;
        },
      })),
    }));
    const shop = catalogueOf(styles);
    const [mapSlice] = shop.slices;
    // Half the build, slice by slice: no slice reads more than about 1,000 codes (one style's 48 past it).
    const readPerSlice: number[] = [];
    for (let i = 0; i < 150; i++) {
      const before = read.mock.calls.length;
      expect(mapSlice()).toBe(false);
      readPerSlice.push(read.mock.calls.length - before);
    }
    expect(Math.max(...readPerSlice)).toBeLessThanOrEqual(1000 + 47);
    // A scan in the middle of the build finds the last style's last variant by walking the products, and
    // leaves the build where it was.
    expect(findByCode(shop, 'st-1999-47')?.variant?.id).toBe(2000 * 100 + 47);
    expect(findByCode(shop, 'ST-0-0')?.variant?.id).toBe(100);
    expect(findByCode(shop, 'st-1999-48')).toBeUndefined();
    expect(mapSlice()).toBe(false);
    let slices = 151;
    while (!mapSlice()) slices++;
    // Barcodes, then SKUs, of 2,000 styles and their 96,000 variants: about 196 slices in all.
    expect(slices).toBeGreaterThan(190);
    expect(slices).toBeLessThan(205);
    // Once built, a scan is a lookup: no code is read again.
    const reads = read.mock.calls.length;
    expect(findByCode(shop, 'st-1999-47')?.variant?.id).toBe(2000 * 100 + 47);
    expect(read).toHaveBeenCalledTimes(reads);
  });

  it('finds by walking the same code a built map finds, whichever holds it first', () => {
    const clash = [
      product({ id: 1, sku: 'A', barcode: 'B' }),
      product({
        id: 2,
        sku: 'C',
        barcode: 'shared',
        sizes: ['M'],
        colors: ['ดำ', 'ขาว'],
        variants: [
          { id: 21, size: 'M', color: 'ดำ', sku: 'A', barcode: 'B', stock: 1, price: null },
          { id: 22, size: 'M', color: 'ขาว', sku: 'Shared', barcode: 'C', stock: 1, price: null },
        ],
        unassigned_stock: 0,
      }),
    ];
    const walked = catalogueOf(clash);
    const built = catalogueOf(clash);
    while (!built.slices[0]());
    for (const code of ['a', 'B', 'c', 'SHARED', 'x', 'ดำ']) {
      expect(findByCode(walked, code)).toEqual(findByCode(built, code));
    }
    // Barcodes before SKUs, the product's before its variants'.
    expect(findByCode(walked, 'c')?.variant?.id).toBe(22);
    expect(findByCode(walked, 'b')).toEqual({ product: clash[0], variant: clash[0]!.variants[0] });
    expect(findByCode(walked, 'shared')).toEqual({ product: clash[1], variant: null });
  });

  it('finds the right one among 10,000 products', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      product({ id: i + 1, sku: `SKU-${String(i).padStart(6, '0')}`, barcode: `885${String(i).padStart(10, '0')}` }),
    );
    const big = catalogueOf(many);
    expect(findByCode(big, '8850000004242')?.product.id).toBe(4243);
    expect(findByCode(big, 'sku-009999')?.product.id).toBe(10_000);
    expect(filterCatalogue(big, '885000000424', '').map((p) => p.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => 4241 + i),
    );
  });

  it('builds the search texts at the first search or when warmed, not on load, and only once', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    try {
      const list = [product({ id: 1, name: 'เสื้อยืด Blue', sku: 'A-1' }), product({ id: 2, name: 'กางเกง', sku: 'B-2' })];
      const mapped = vi.fn((p: ReturnType<typeof product>) => p.name);
      const spied = list.map((p) => ({
        ...p,
        get name() {
          return mapped(p);
        },
      }));
      const catalogue = catalogueOf(spied);
      expect(findByCode(catalogue, 'a-1')?.product.id).toBe(1);
      expect(mapped).not.toHaveBeenCalled();

      warmCatalogue(catalogue);
      vi.runAllTimers();
      expect(mapped).toHaveBeenCalledTimes(2);
      expect(filterCatalogue(catalogue, 'blue', '').map((p) => p.id)).toEqual([1]);
      expect(hasMatch(catalogue, 'กาง', '')).toBe(true);
      expect(mapped).toHaveBeenCalledTimes(2);

      const cancelled = catalogueOf(spied);
      warmCatalogue(cancelled)();
      vi.runAllTimers();
      expect(mapped).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it('builds the code map when warmed, not on load or at a scan, and only once', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    try {
      const read = vi.fn();
      const spied = [product({ id: 1, sku: 'A-1', barcode: '885001' }), product({ id: 2, sku: 'B-2' })].map((p) => ({
        ...p,
        get sku() {
          read();
          return p.sku;
        },
      }));
      const catalogue = catalogueOf(spied);
      expect(read).not.toHaveBeenCalled();
      // Before the map: each scan walks the products (the first finds a barcode before any SKU is read).
      expect(findByCode(catalogue, '885001')?.product.id).toBe(1);
      expect(read).toHaveBeenCalledTimes(0);
      expect(findByCode(catalogue, 'b-2')?.product.id).toBe(2);
      expect(read).toHaveBeenCalledTimes(2);
      read.mockClear();

      // Warmed: the map at the first idle moment, the search texts at the next.
      const warmed = catalogueOf(spied);
      warmCatalogue(warmed);
      vi.advanceTimersToNextTimer();
      expect(read).toHaveBeenCalledTimes(2);
      vi.advanceTimersToNextTimer();
      expect(read).toHaveBeenCalledTimes(4);
      expect(findByCode(warmed, 'a-1')?.product.id).toBe(1);
      expect(filterCatalogue(warmed, 'b-2', '').map((p) => p.id)).toEqual([2]);
      expect(read).toHaveBeenCalledTimes(4);

      // Cancelled between the two: nothing more is built.
      const cancelled = catalogueOf(spied);
      const cancel = warmCatalogue(cancelled);
      vi.advanceTimersToNextTimer();
      cancel();
      vi.runAllTimers();
      expect(read).toHaveBeenCalledTimes(6);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
