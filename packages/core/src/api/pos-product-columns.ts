import { z } from 'zod';
import type { PosProduct, PosVariant } from './products';

/**
 * `GET /api/products/pos` on the wire: the till's products as one array per field ("columns", the
 * i-th product is the i-th entry of each) and each category name once, products holding its index
 * (-1 for none). Of the list of objects' 2.7 MB for 10,000 products, about half was the same eleven
 * keys again and again and the category names repeated; a slow till's CPU spent its cold load
 * reading and parsing them (issue 10 item 6). The server writes it with `posProductsToColumns`, the
 * browser reads it with `posProductsFromColumns`: one definition for both.
 */
export interface PosProductColumns {
  id: number[];
  name: string[];
  sku: string[];
  barcode: (string | null)[];
  /** Index into `categories`, -1 for a product without one. */
  category: number[];
  categories: string[];
  /** Baht, 2 decimals. */
  price: number[];
  original_price: (number | null)[];
  stock: number[];
  image_url: (string | null)[];
  sizes: string[][];
  colors: string[][];
  unassigned_stock: number[];
  /**
   * A plain product's one variant (no size, no colour, its product's codes and stock: issue 34), by its id
   * alone; null for a product whose variants are in the `variant_*` columns. 10,000 plain products would
   * otherwise send their codes and stock twice.
   */
  plain_variant: (number | null)[];
  /** Every other variant, its product's index (ascending) and its own fields. */
  variant_product: number[];
  variant_id: number[];
  variant_size: (string | null)[];
  variant_color: (string | null)[];
  variant_sku: string[];
  variant_barcode: (string | null)[];
  variant_stock: number[];
  /** Baht; null sells at the product's price. */
  variant_price: (number | null)[];
}

/** The variant columns, one entry per variant sent in them. */
type VariantColumn = Extract<keyof PosProductColumns, `variant_${string}`>;

/** The full check of the wire shape (the server's own answer in tests, the API description). */
export const PosProductColumnsSchema = z.object({
  id: z.array(z.number().int()),
  name: z.array(z.string()),
  sku: z.array(z.string()),
  barcode: z.array(z.string().nullable()),
  category: z.array(z.number().int().min(-1)),
  categories: z.array(z.string()),
  price: z.array(z.number()),
  original_price: z.array(z.number().nullable()),
  stock: z.array(z.number().int()),
  image_url: z.array(z.string().nullable()),
  sizes: z.array(z.array(z.string())),
  colors: z.array(z.array(z.string())),
  unassigned_stock: z.array(z.number().int()),
  plain_variant: z.array(z.number().int().nullable()),
  variant_product: z.array(z.number().int().min(0)),
  variant_id: z.array(z.number().int()),
  variant_size: z.array(z.string().nullable()),
  variant_color: z.array(z.string().nullable()),
  variant_sku: z.array(z.string()),
  variant_barcode: z.array(z.string().nullable()),
  variant_stock: z.array(z.number().int()),
  variant_price: z.array(z.number().nullable()),
});

export const PosProductColumnsResponse = z.object({ columns: PosProductColumnsSchema });
export type PosProductColumnsResponse = z.infer<typeof PosProductColumnsResponse>;

/** The till's products as columns, in the same order (categories in order of first use). */
export function posProductsToColumns(products: readonly PosProduct[]): PosProductColumns {
  const categoryIndex = new Map<string, number>();
  const columns: PosProductColumns = {
    id: [],
    name: [],
    sku: [],
    barcode: [],
    category: [],
    categories: [],
    price: [],
    original_price: [],
    stock: [],
    image_url: [],
    sizes: [],
    colors: [],
    unassigned_stock: [],
    plain_variant: [],
    variant_product: [],
    variant_id: [],
    variant_size: [],
    variant_color: [],
    variant_sku: [],
    variant_barcode: [],
    variant_stock: [],
    variant_price: [],
  };
  for (const [index, p] of products.entries()) {
    let category = -1;
    if (p.category !== null) {
      category = categoryIndex.get(p.category) ?? columns.categories.length;
      if (category === columns.categories.length) {
        categoryIndex.set(p.category, category);
        columns.categories.push(p.category);
      }
    }
    columns.id.push(p.id);
    columns.name.push(p.name);
    columns.sku.push(p.sku);
    columns.barcode.push(p.barcode);
    columns.category.push(category);
    columns.price.push(p.price);
    columns.original_price.push(p.original_price);
    columns.stock.push(p.stock);
    columns.image_url.push(p.image_url);
    columns.sizes.push(p.sizes);
    columns.colors.push(p.colors);
    columns.unassigned_stock.push(p.unassigned_stock);
    const plain = plainVariantOf(p);
    columns.plain_variant.push(plain?.id ?? null);
    if (plain) continue;
    for (const v of p.variants) pushVariant(columns, index, v);
  }
  return columns;
}

/** A product's one variant when it is plain and holds just its product's codes and stock (sent by id alone). */
function plainVariantOf(p: PosProduct): PosVariant | null {
  const [only] = p.variants;
  if (p.variants.length !== 1 || !only || only.size !== null || only.color !== null) return null;
  const same = only.sku === p.sku && only.barcode === p.barcode && only.stock === p.stock && only.price === null;
  return same ? only : null;
}

function pushVariant(columns: PosProductColumns, product: number, v: PosVariant): void {
  columns.variant_product.push(product);
  columns.variant_id.push(v.id);
  columns.variant_size.push(v.size);
  columns.variant_color.push(v.color);
  columns.variant_sku.push(v.sku);
  columns.variant_barcode.push(v.barcode);
  columns.variant_stock.push(v.stock);
  columns.variant_price.push(v.price);
}

type EntryKind = 'int' | 'int-or-null' | 'number' | 'number-or-null' | 'text' | 'text-or-null' | 'text-list';

/** The product columns and the kind each of their entries must be (no range or format checks). */
const COLUMN_KINDS: readonly [Exclude<keyof PosProductColumns, 'categories' | VariantColumn>, EntryKind][] = [
  ['id', 'int'],
  ['name', 'text'],
  ['sku', 'text'],
  ['barcode', 'text-or-null'],
  ['category', 'int'],
  ['price', 'number'],
  ['original_price', 'number-or-null'],
  ['stock', 'int'],
  ['image_url', 'text-or-null'],
  ['sizes', 'text-list'],
  ['colors', 'text-list'],
  ['unassigned_stock', 'int'],
  ['plain_variant', 'int-or-null'],
];

const VARIANT_COLUMN_KINDS: readonly [VariantColumn, EntryKind][] = [
  ['variant_product', 'int'],
  ['variant_id', 'int'],
  ['variant_size', 'text-or-null'],
  ['variant_color', 'text-or-null'],
  ['variant_sku', 'text'],
  ['variant_barcode', 'text-or-null'],
  ['variant_stock', 'int'],
  ['variant_price', 'number-or-null'],
];

/**
 * Whether `column` is an array of `count` entries of `kind`. Plain loops, one per kind: the check runs
 * once per load over 10,000 products in code not yet optimised, where a call per entry cost twice the
 * time (issue 10 item 6).
 */
function isColumnOf(column: unknown, count: number, kind: EntryKind): boolean {
  if (!Array.isArray(column) || column.length !== count) return false;
  const entries: readonly unknown[] = column;
  switch (kind) {
    case 'int':
      for (let i = 0; i < count; i++) if (!Number.isInteger(entries[i])) return false;
      return true;
    case 'int-or-null':
      for (let i = 0; i < count; i++) if (entries[i] !== null && !Number.isInteger(entries[i])) return false;
      return true;
    case 'number':
      for (let i = 0; i < count; i++) if (!Number.isFinite(entries[i])) return false;
      return true;
    case 'number-or-null':
      for (let i = 0; i < count; i++) if (entries[i] !== null && !Number.isFinite(entries[i])) return false;
      return true;
    case 'text':
      for (let i = 0; i < count; i++) if (typeof entries[i] !== 'string') return false;
      return true;
    case 'text-or-null':
      for (let i = 0; i < count; i++) if (entries[i] !== null && typeof entries[i] !== 'string') return false;
      return true;
    case 'text-list':
      for (let i = 0; i < count; i++) {
        const list = entries[i];
        if (!Array.isArray(list)) return false;
        for (let j = 0; j < list.length; j++) if (typeof list[j] !== 'string') return false;
      }
      return true;
  }
}

/**
 * Whether `value` has the wire shape the till relies on: every column an array of one length with
 * entries of the right kinds, every category index naming a category. The server checked its answer
 * in full (see pos-list.service.ts): the browser checks only the shape, in a fraction of the time.
 */
export function isPosProductColumns(value: unknown): value is PosProductColumns {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  if (!Array.isArray(c.categories) || !isColumnOf(c.categories, c.categories.length, 'text')) return false;
  if (!Array.isArray(c.id)) return false;
  const count = c.id.length;
  for (const [name, kind] of COLUMN_KINDS) if (!isColumnOf(c[name], count, kind)) return false;
  const categoryCount = c.categories.length;
  const category = c.category as readonly number[];
  for (let i = 0; i < count; i++) {
    const index = category[i] ?? -2;
    if (index < -1 || index >= categoryCount) return false;
  }
  if (!Array.isArray(c.variant_id)) return false;
  const variants = c.variant_id.length;
  for (const [name, kind] of VARIANT_COLUMN_KINDS) if (!isColumnOf(c[name], variants, kind)) return false;
  // Each variant's product exists, in ascending order (the reader walks both lists once).
  const owner = c.variant_product as readonly number[];
  for (let i = 0; i < variants; i++) {
    const p = owner[i] ?? -1;
    if (p < 0 || p >= count || (i > 0 && p < (owner[i - 1] ?? 0))) return false;
  }
  return true;
}

/** How the till checks `GET /api/products/pos`: the shape only (see `isPosProductColumns`). */
export const PosProductColumnsResponseShape = z.object({
  columns: z.custom<PosProductColumns>(isPosProductColumns),
});

/** The till's products from their columns (`isPosProductColumns` holds), in order. */
export function posProductsFromColumns(columns: PosProductColumns): PosProduct[] {
  const { id, name, sku, barcode, category, categories, price, original_price, stock, image_url, sizes, colors } =
    columns;
  const { unassigned_stock, plain_variant, variant_product } = columns;
  const products = new Array<PosProduct>(id.length);
  let v = 0;
  for (let i = 0; i < id.length; i++) {
    const c = category[i] ?? -1;
    const plain = plain_variant[i] ?? null;
    const variants: PosVariant[] = [];
    if (plain !== null) {
      variants.push({
        id: plain,
        size: null,
        color: null,
        sku: sku[i] ?? '',
        barcode: barcode[i] ?? null,
        stock: stock[i] ?? 0,
        price: null,
      });
    }
    for (; v < variant_product.length && variant_product[v] === i; v++) variants.push(variantAt(columns, v));
    products[i] = {
      id: id[i] ?? 0,
      name: name[i] ?? '',
      sku: sku[i] ?? '',
      barcode: barcode[i] ?? null,
      category: c === -1 ? null : (categories[c] ?? null),
      price: price[i] ?? 0,
      original_price: original_price[i] ?? null,
      stock: stock[i] ?? 0,
      image_url: image_url[i] ?? null,
      sizes: sizes[i] ?? [],
      colors: colors[i] ?? [],
      unassigned_stock: unassigned_stock[i] ?? 0,
      variants,
    };
  }
  return products;
}

function variantAt(c: PosProductColumns, v: number): PosVariant {
  return {
    id: c.variant_id[v] ?? 0,
    size: c.variant_size[v] ?? null,
    color: c.variant_color[v] ?? null,
    sku: c.variant_sku[v] ?? '',
    barcode: c.variant_barcode[v] ?? null,
    stock: c.variant_stock[v] ?? 0,
    price: c.variant_price[v] ?? null,
  };
}
