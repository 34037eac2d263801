import { variantCombinations } from '@pos/core';
import type { CartProduct } from './cart';

/**
 * A product's variants as a shop that has not counted per size yet holds them (issue 34's migration):
 * a plain product's one variant holds its stock; a style's variants hold none and its stock is unassigned,
 * sellable from any of them. Ids are the product's id × 100 + the combination's place.
 */
export function withVariants<P extends Omit<CartProduct, 'variants' | 'unassigned_stock'> & Partial<CartProduct>>(
  product: P,
): P & Pick<CartProduct, 'variants' | 'unassigned_stock'> {
  if (product.variants && product.unassigned_stock !== undefined) return product as P & CartProduct;
  const plain = product.sizes.length === 0 && product.colors.length === 0;
  const variants = variantCombinations(product).map((choice, i) => ({
    id: product.id * 100 + i,
    ...choice,
    sku: plain ? product.sku : `${product.sku}-${i}`,
    barcode: plain ? product.barcode : null,
    stock: plain ? product.stock : 0,
    price: null,
  }));
  return {
    ...product,
    variants: product.variants ?? variants,
    unassigned_stock: product.unassigned_stock ?? (plain ? 0 : product.stock),
  };
}

/** A product as the till holds it, for tests: one size and one colour (added as it is, without asking). */
export function cartProductFixture(overrides: Partial<CartProduct> = {}): CartProduct {
  return withVariants({
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
  });
}

/** The product as the server would send it with `stock` in all: a plain product's variant holds it, a style's unassigned stock. */
export function withStock<P extends CartProduct>(product: P, stock: number): P {
  const plain = product.sizes.length === 0 && product.colors.length === 0;
  return plain
    ? { ...product, stock, variants: product.variants.map((v) => ({ ...v, stock })) }
    : { ...product, stock, unassigned_stock: stock - product.variants.reduce((n, v) => n + v.stock, 0) };
}
