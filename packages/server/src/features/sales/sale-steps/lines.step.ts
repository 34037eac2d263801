import { bahtToSatang, variantProblem, type VariantChoice } from '@pos/core';
import { AppError } from '../../../http/app-error';
import { findProductsForSale } from '../sales.queries';
import type { LineInput, ProductOfSale, SaleContext } from './sale-context';

/** A line of the sale: what was asked, the product as sold, the size and colour. */
export interface SaleLine {
  item: LineInput;
  product: ProductOfSale;
  variant: VariantChoice;
}

/** The lines and their products by id, with each product's quantity over the sale's lines. */
export interface SaleLines {
  lines: SaleLine[];
  products: Map<number, ProductOfSale>;
  /** Units per product (a product may appear on two lines). */
  wanted: Map<number, number>;
}

/**
 * The size and colour a line asks for: `size`/`color` when sent, else a
 * one-element `sizes`/`colors` list (the spec's payload shape), else none.
 */
function requestedVariant(item: LineInput): VariantChoice {
  const pick = (chosen: string | null | undefined, list: string[] | undefined) =>
    chosen !== undefined ? chosen : list?.length === 1 ? list[0]! : null;
  return { size: pick(item.size, item.sizes), color: pick(item.color, item.colors) };
}

/**
 * The products of the sale by id. At the counter a deleted one refuses the sale; a paid sale takes it as it
 * was at checkout (flagged), even one removed altogether (`gone`: no stock to take).
 */
async function productsOf(
  { trx, input, policy }: SaleContext,
  wanted: Map<number, number>,
): Promise<Map<number, ProductOfSale>> {
  const found = await findProductsForSale(trx, [...wanted.keys()], { withDeleted: policy.kind === 'paid' });
  const products = new Map<number, ProductOfSale>(found.map((p) => [p.id, p]));
  for (const [productId] of wanted) {
    const product = products.get(productId);
    if (product && product.deleted_at === null) continue;
    const line = input.items.find((i) => i.productId === productId)!;
    const kept = policy.terms?.products.find((p) => p.id === productId);
    const name = product?.name ?? kept?.name ?? line.product_name ?? line.name ?? `#${productId}`;
    policy.refuse(new AppError({ status: 409, code: 'PRODUCT_UNAVAILABLE', details: { productId, name } }), {
      reason: 'product_unavailable',
      products: [{ productId, name }],
    });
    if (!product) {
      products.set(productId, {
        id: productId,
        name,
        sku: kept?.sku ?? line.sku ?? '',
        barcode: kept?.barcode ?? null,
        category: kept?.category ?? line.category ?? null,
        price: bahtToSatang(line.price),
        original_price: kept?.original_price ?? null,
        stock: 0,
        sizes: [],
        colors: [],
        deleted_at: null,
        gone: true,
      });
    }
  }
  return products;
}

/** Refuses a line whose size or colour the product does not offer, or that lacks one it needs. */
function checkVariant({ policy }: SaleContext, { product, variant }: SaleLine): void {
  if (product.gone || product.deleted_at !== null) return; // unavailable: refused or flagged already
  const problem = variantProblem(product, variant);
  if (problem === null) return;
  policy.refuse(
    new AppError({
      status: 400,
      code: problem,
      details: { productId: product.id, name: product.name, sizes: product.sizes, colors: product.colors },
    }),
    { reason: 'variant_unavailable', products: [{ productId: product.id, name: product.name }] },
  );
}

/** Step: the sale's products as they stand (or, for a paid sale, as at checkout), each line's size and colour checked. */
export async function loadLines(sale: SaleContext): Promise<SaleLines> {
  const wanted = new Map<number, number>();
  for (const item of sale.input.items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  const products = await productsOf(sale, wanted);
  const lines = sale.input.items.map((item) => ({
    item,
    product: sale.policy.productAsSold(products.get(item.productId)!, item),
    variant: requestedVariant(item),
  }));
  for (const line of lines) checkVariant(sale, line);
  return { lines, products, wanted };
}
