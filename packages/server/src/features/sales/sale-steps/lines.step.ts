import {
  bahtToSatang,
  variantName,
  variantPrice,
  variantProblem,
  type VariantChoice,
  type VariantProblem,
} from '@pos/core';
import { AppError } from '../../../http/app-error';
import { comboKey } from '../../products/variants.queries';
import { findProductsForSale, type VariantForSale } from '../sales.queries';
import type { LineInput, ProductOfSale, SaleContext, SalePolicy } from './sale-context';

/**
 * A line of the sale: what was asked, the product as sold (at the variant's own price when it has one),
 * the size and colour, and the variant they are (null: a paid sale's product gone or its variant not found).
 */
export interface SaleLine {
  item: LineInput;
  product: ProductOfSale;
  variant: VariantChoice;
  variantRow: VariantForSale | null;
}

/** The lines and their products by id, with each product's quantity over the sale's lines. */
export interface SaleLines {
  lines: SaleLine[];
  products: Map<number, ProductOfSale>;
  /** Units per product (a product may appear on two lines). */
  wanted: Map<number, number>;
  /** The sale's variants by id, as read (stock included). */
  variants: Map<number, VariantForSale>;
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
): Promise<{ products: Map<number, ProductOfSale>; variants: VariantForSale[] }> {
  const found = await findProductsForSale(trx, [...wanted.keys()], {
    withDeleted: policy.kind === 'paid',
    variantIds: input.items.flatMap((i) => (i.variantId != null ? [i.variantId] : [])),
    styleIds: [...new Set(input.items.filter((i) => i.variantId == null).map((i) => i.productId))],
  });
  const products = new Map<number, ProductOfSale>(found.products.map((p) => [p.id, p]));
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
        unassigned_stock: 0,
        sizes: [],
        colors: [],
        deleted_at: null,
        gone: true,
      });
    }
  }
  return { products, variants: found.variants };
}

/** A refusal of the line's size and colour (a fault at the counter, a flag on a paid sale). */
function refuseVariant(
  policy: SalePolicy,
  product: ProductOfSale,
  error: { status: number; code: 'VARIANT_UNKNOWN' | 'VARIANT_INACTIVE' | VariantProblem },
  choice: VariantChoice,
): void {
  policy.refuse(
    new AppError({
      status: error.status,
      code: error.code,
      details: {
        productId: product.id,
        name: error.code.startsWith('VARIANT') ? variantName(product.name, choice) : product.name,
        sizes: product.sizes,
        colors: product.colors,
      },
    }),
    { reason: 'variant_unavailable', products: [{ productId: product.id, name: product.name }] },
  );
}

/**
 * The variant a line sells: by `variantId`, else by the product's size and colour (the older line
 * shapes). Refused: a size or colour the product does not offer or lacks, a combination it does not
 * carry, a variant of another product or switched off.
 */
function variantOfLine(
  policy: SalePolicy,
  product: ProductOfSale,
  item: LineInput,
  variants: SaleLines['variants'],
  byCombo: Map<string, VariantForSale>,
): VariantForSale | null {
  if (product.gone) return null; // no stock to take: flagged already
  // A paid sale's product deleted since (flagged already) still sells the variant it sold, unflagged again.
  return resolveVariant(
    product.deleted_at !== null ? policy.alreadyFlagged() : policy,
    product,
    item,
    variants,
    byCombo,
  );
}

function resolveVariant(
  policy: SalePolicy,
  product: ProductOfSale,
  item: LineInput,
  variants: SaleLines['variants'],
  byCombo: Map<string, VariantForSale>,
): VariantForSale | null {
  let variant: VariantForSale | undefined;
  if (item.variantId != null) {
    variant = variants.get(item.variantId);
    if (variant?.product_id !== product.id) variant = undefined;
    if (!variant) {
      refuseVariant(policy, product, { status: 400, code: 'VARIANT_UNKNOWN' }, requestedVariant(item));
      return null;
    }
  } else {
    const choice = requestedVariant(item);
    const problem = variantProblem(product, choice);
    if (problem !== null) {
      refuseVariant(policy, product, { status: 400, code: problem }, choice);
      return null;
    }
    variant = byCombo.get(`${product.id}|${comboKey(choice)}`);
    if (!variant) {
      refuseVariant(policy, product, { status: 400, code: 'VARIANT_UNKNOWN' }, choice);
      return null;
    }
  }
  if (variant.active !== 1) refuseVariant(policy, product, { status: 409, code: 'VARIANT_INACTIVE' }, variant);
  return variant;
}

/**
 * Step: the sale's products and variants as they stand (or, for a paid sale, as at checkout), each line
 * resolved to its variant and priced at its own price when it has one.
 */
export async function loadLines(sale: SaleContext): Promise<SaleLines> {
  const wanted = new Map<number, number>();
  for (const item of sale.input.items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  const { products, variants: found } = await productsOf(sale, wanted);
  const variants = new Map(found.map((v) => [v.id, v]));
  const byCombo = new Map(found.map((v) => [`${v.product_id}|${comboKey(v)}`, v]));
  const lines = sale.input.items.map((item): SaleLine => {
    const product = products.get(item.productId)!;
    const variantRow = variantOfLine(sale.policy, product, item, variants, byCombo);
    const ownPrice = variantRow?.price == null ? null : Number(variantRow.price);
    const priced = variantRow ? { ...product, price: variantPrice(product, { price: ownPrice }) } : product;
    return {
      item,
      product: sale.policy.productAsSold(priced, item),
      variant: variantRow ? { size: variantRow.size, color: variantRow.color } : requestedVariant(item),
      variantRow,
    };
  });
  return { lines, products, wanted, variants };
}
