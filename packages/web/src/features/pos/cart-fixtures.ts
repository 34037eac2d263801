import type { CartProduct } from './cart';

/** A product as the till holds it, for tests: one size and one colour (added as it is, without asking). */
export function cartProductFixture(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id: 1,
    name: 'เสื้อยืดคอกลม',
    price: 250,
    original_price: null,
    stock: 3,
    image_url: null,
    sizes: ['M'],
    colors: ['ขาว'],
    sku: 'TS-001',
    barcode: '8850000000011',
    category: 'เสื้อผ้า',
    ...overrides,
  };
}
