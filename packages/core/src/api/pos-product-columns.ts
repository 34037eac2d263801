import { z } from 'zod';
import type { PosProduct, PosVariant } from './products';

/**
 * `GET /api/products/pos` on the wire: the till's products as one array per field ("columns", the
 * i-th product is the i-th entry of each), every repeated text once in a table the columns index, and
 * the variants' fields in columns of their own. A slow till's cold load spends its time decoding and
 * parsing the answer's characters (issue 10 item 6: the list of objects was 2.7 MB for 10,000 products,
 * half of it the same keys and category names again and again; issue 34: 50,000 variants sent as plain
 * columns took the answer from 2.8 to 4.9 MB and the cold load past its target). The server writes it
 * with `posProductsToColumns`, the browser reads it with `posProductsFromColumns`: one definition for both.
 *
 * How the variants' columns are made small:
 * - `variant_count[i]` says how many variant entries belong to product i, in product order (not the
 *   product's index per variant);
 * - `variant_id` is the step from the previous entry's id (a style's variants are made together, so
 *   mostly 1);
 * - sizes and colours are indexes into `labels`, the lists of sizes and colours indexes into `lists`;
 * - SKUs and barcodes are front-coded: how many leading characters they share with the code before
 *   them (the product's own for its first variant, then the previous variant's) and the rest
 *   ("SKU-1", "SKU-1-S", "SKU-1-M" → 5 + "-S", 6 + "M"); a shared count of -1 is a null barcode;
 * - only the variants with a price of their own are listed, by entry index, with their prices.
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
  /** Index into `lists`: the product's sizes and its colours. */
  sizes: number[];
  colors: number[];
  /** Each distinct list of sizes or colours once, its entries indexes into `labels`. */
  lists: number[][];
  /** Each size or colour text once. */
  labels: string[];
  unassigned_stock: number[];
  /**
   * A plain product's one variant (no size, no colour, its product's codes and stock: issue 34), by its id
   * alone; null for a product whose variants are in the `variant_*` columns. 10,000 plain products would
   * otherwise send their codes and stock twice.
   */
  plain_variant: (number | null)[];
  /** How many entries of the `variant_*` columns belong to each product (0 for a plain one). */
  variant_count: number[];
  /** The step from the previous entry's id (from 0 for the first entry). */
  variant_id: number[];
  /** Index into `labels`, -1 for none. */
  variant_size: number[];
  variant_color: number[];
  /** Front-coded SKU: characters shared with the code before it, and the rest. */
  variant_sku_shared: number[];
  variant_sku_rest: string[];
  /** Front-coded barcode as the SKU; a shared count of -1 is no barcode. */
  variant_barcode_shared: number[];
  variant_barcode_rest: string[];
  variant_stock: number[];
  /** The entries (ascending) of the variants with a price of their own, and those prices in baht. */
  variant_priced: number[];
  variant_price: number[];
}

/** The product columns, one entry per product. */
type ProductColumn = Exclude<keyof PosProductColumns, 'categories' | 'lists' | 'labels' | VariantColumn>;
/** The variant columns, one entry per variant sent in them. */
type VariantColumn = Exclude<Extract<keyof PosProductColumns, `variant_${string}`>, 'variant_count' | PricedColumn>;
type PricedColumn = 'variant_priced' | 'variant_price';

const ints = z.array(z.number().int());
const texts = z.array(z.string());

/**
 * The full check of the wire shape (the server's own answer in tests, the API description): each column's
 * kinds, then the columns' lengths and indexes (`isPosProductColumns`).
 */
export const PosProductColumnsSchema = z
  .object({
    id: ints,
    name: texts,
    sku: texts,
    barcode: z.array(z.string().nullable()),
    category: z.array(z.number().int().min(-1)),
    categories: texts,
    price: z.array(z.number()),
    original_price: z.array(z.number().nullable()),
    stock: ints,
    image_url: z.array(z.string().nullable()),
    sizes: z.array(z.number().int().min(0)),
    colors: z.array(z.number().int().min(0)),
    lists: z.array(z.array(z.number().int().min(0))),
    labels: texts,
    unassigned_stock: ints,
    plain_variant: z.array(z.number().int().nullable()),
    variant_count: z.array(z.number().int().min(0)),
    variant_id: ints,
    variant_size: z.array(z.number().int().min(-1)),
    variant_color: z.array(z.number().int().min(-1)),
    variant_sku_shared: z.array(z.number().int().min(0)),
    variant_sku_rest: texts,
    variant_barcode_shared: z.array(z.number().int().min(-1)),
    variant_barcode_rest: texts,
    variant_stock: ints,
    variant_priced: z.array(z.number().int().min(0)),
    variant_price: z.array(z.number()),
  })
  .refine((columns) => isPosProductColumns(columns), { message: 'inconsistent till list columns' });

export const PosProductColumnsResponse = z.object({ columns: PosProductColumnsSchema });
export type PosProductColumnsResponse = z.infer<typeof PosProductColumnsResponse>;

/** Each distinct entry once, in order of first use, found by a text that names it. */
class Table<T> {
  readonly values: T[] = [];
  private readonly index = new Map<string, number>();
  /** The index of the entry named `key`, made by `make` when new. */
  indexOf(key: string, make: (key: string) => T): number {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.values.length;
      this.index.set(key, i);
      this.values.push(make(key));
    }
    return i;
  }
}

const itself = (text: string) => text;

/** Characters `code` shares at its start with `before`. */
function sharedStart(before: string, code: string): number {
  const most = Math.min(before.length, code.length);
  let n = 0;
  while (n < most && before.charCodeAt(n) === code.charCodeAt(n)) n++;
  return n;
}

/** The till's products as columns, in the same order (categories, lists and labels in order of first use). */
export function posProductsToColumns(products: readonly PosProduct[]): PosProductColumns {
  const categories = new Table<string>();
  const labels = new Table<string>();
  const labelled = (value: string | null) => (value === null ? -1 : labels.indexOf(value, itself));
  // Lists of the same texts in the same order are one entry, named by their JSON (a few per catalogue).
  const lists = new Table<number[]>();
  const listOf = (texts: readonly string[]) =>
    lists.indexOf(JSON.stringify(texts), () => texts.map((text) => labels.indexOf(text, itself)));
  const columns = emptyColumns();
  let lastId = 0;
  for (const p of products) {
    columns.id.push(p.id);
    columns.name.push(p.name);
    columns.sku.push(p.sku);
    columns.barcode.push(p.barcode);
    columns.category.push(p.category === null ? -1 : categories.indexOf(p.category, itself));
    columns.price.push(p.price);
    columns.original_price.push(p.original_price);
    columns.stock.push(p.stock);
    columns.image_url.push(p.image_url);
    columns.sizes.push(listOf(p.sizes));
    columns.colors.push(listOf(p.colors));
    columns.unassigned_stock.push(p.unassigned_stock);
    const plain = plainVariantOf(p);
    columns.plain_variant.push(plain?.id ?? null);
    const sent = plain ? [] : p.variants;
    columns.variant_count.push(sent.length);
    let sku = p.sku;
    let barcode = p.barcode ?? '';
    for (const v of sent) {
      columns.variant_id.push(v.id - lastId);
      lastId = v.id;
      columns.variant_size.push(labelled(v.size));
      columns.variant_color.push(labelled(v.color));
      const skuShared = sharedStart(sku, v.sku);
      columns.variant_sku_shared.push(skuShared);
      columns.variant_sku_rest.push(v.sku.slice(skuShared));
      sku = v.sku;
      if (v.barcode === null) {
        columns.variant_barcode_shared.push(-1);
        columns.variant_barcode_rest.push('');
      } else {
        const barcodeShared = sharedStart(barcode, v.barcode);
        columns.variant_barcode_shared.push(barcodeShared);
        columns.variant_barcode_rest.push(v.barcode.slice(barcodeShared));
        barcode = v.barcode;
      }
      columns.variant_stock.push(v.stock);
      if (v.price !== null) {
        columns.variant_priced.push(columns.variant_stock.length - 1);
        columns.variant_price.push(v.price);
      }
    }
  }
  columns.categories = categories.values;
  columns.labels = labels.values;
  columns.lists = lists.values;
  return columns;
}

function emptyColumns(): PosProductColumns {
  return {
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
    lists: [],
    labels: [],
    unassigned_stock: [],
    plain_variant: [],
    variant_count: [],
    variant_id: [],
    variant_size: [],
    variant_color: [],
    variant_sku_shared: [],
    variant_sku_rest: [],
    variant_barcode_shared: [],
    variant_barcode_rest: [],
    variant_stock: [],
    variant_priced: [],
    variant_price: [],
  };
}

/** A product's one variant when it is plain and holds just its product's codes and stock (sent by id alone). */
function plainVariantOf(p: PosProduct): PosVariant | null {
  const [only] = p.variants;
  if (p.variants.length !== 1 || !only || only.size !== null || only.color !== null) return null;
  const same = only.sku === p.sku && only.barcode === p.barcode && only.stock === p.stock && only.price === null;
  return same ? only : null;
}

type EntryKind = 'int' | 'int-or-null' | 'number' | 'number-or-null' | 'text' | 'text-or-null';

/** The product columns and the kind each of their entries must be (ranges are checked apart). */
const PRODUCT_COLUMN_KINDS: readonly [ProductColumn, EntryKind][] = [
  ['id', 'int'],
  ['name', 'text'],
  ['sku', 'text'],
  ['barcode', 'text-or-null'],
  ['category', 'int'],
  ['price', 'number'],
  ['original_price', 'number-or-null'],
  ['stock', 'int'],
  ['image_url', 'text-or-null'],
  ['sizes', 'int'],
  ['colors', 'int'],
  ['unassigned_stock', 'int'],
  ['plain_variant', 'int-or-null'],
  ['variant_count', 'int'],
];

const VARIANT_COLUMN_KINDS: readonly [VariantColumn, EntryKind][] = [
  ['variant_id', 'int'],
  ['variant_size', 'int'],
  ['variant_color', 'int'],
  ['variant_sku_shared', 'int'],
  ['variant_sku_rest', 'text'],
  ['variant_barcode_shared', 'int'],
  ['variant_barcode_rest', 'text'],
  ['variant_stock', 'int'],
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
  }
}

/** Whether every entry of the int column `column` (checked) is an index in [lowest, size). */
function indexesWithin(column: readonly number[], lowest: number, size: number): boolean {
  for (let i = 0; i < column.length; i++) {
    const at = column[i] ?? lowest - 1;
    if (at < lowest || at >= size) return false;
  }
  return true;
}

/**
 * Whether `value` has the wire shape the till relies on: every column an array of its length with
 * entries of the right kinds, every index naming an entry of its table, the variant counts adding up to
 * the variant columns' length and the priced entries ascending among them. The server checked its answer
 * in full (see pos-list.service.ts): the browser checks only the shape, in a fraction of the time.
 */
export function isPosProductColumns(value: unknown): value is PosProductColumns {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  for (const table of ['categories', 'labels'] as const) {
    if (!Array.isArray(c[table]) || !isColumnOf(c[table], c[table].length, 'text')) return false;
  }
  if (!Array.isArray(c.lists)) return false;
  const labelCount = (c.labels as readonly string[]).length;
  for (const list of c.lists as readonly unknown[]) {
    if (!Array.isArray(list) || !isColumnOf(list, list.length, 'int') || !indexesWithin(list, 0, labelCount)) {
      return false;
    }
  }
  if (!Array.isArray(c.id)) return false;
  const count = c.id.length;
  for (const [name, kind] of PRODUCT_COLUMN_KINDS) if (!isColumnOf(c[name], count, kind)) return false;
  const listCount = c.lists.length;
  const categoryCount = (c.categories as readonly string[]).length;
  if (!indexesWithin(c.category as number[], -1, categoryCount)) return false;
  if (!indexesWithin(c.sizes as number[], 0, listCount) || !indexesWithin(c.colors as number[], 0, listCount)) {
    return false;
  }
  let variants = 0;
  for (const n of c.variant_count as readonly number[]) {
    if (n < 0) return false;
    variants += n;
  }
  for (const [name, kind] of VARIANT_COLUMN_KINDS) if (!isColumnOf(c[name], variants, kind)) return false;
  if (!indexesWithin(c.variant_size as number[], -1, labelCount)) return false;
  if (!indexesWithin(c.variant_color as number[], -1, labelCount)) return false;
  if (!indexesWithin(c.variant_sku_shared as number[], 0, Infinity)) return false;
  if (!indexesWithin(c.variant_barcode_shared as number[], -1, Infinity)) return false;
  if (!Array.isArray(c.variant_priced)) return false;
  const priced = c.variant_priced.length;
  if (!isColumnOf(c.variant_priced, priced, 'int') || !isColumnOf(c.variant_price, priced, 'number')) return false;
  const at = c.variant_priced as readonly number[];
  for (let i = 0; i < priced; i++) {
    const entry = at[i] ?? -1;
    if (entry < 0 || entry >= variants || (i > 0 && entry <= (at[i - 1] ?? -1))) return false;
  }
  return true;
}

/** How the till checks `GET /api/products/pos`: the shape only (see `isPosProductColumns`). */
export const PosProductColumnsResponseShape = z.object({
  columns: z.custom<PosProductColumns>(isPosProductColumns),
});

/** The till's products from their columns (`isPosProductColumns` holds), in order. */
export function posProductsFromColumns(columns: PosProductColumns): PosProduct[] {
  const { id, name, sku, barcode, category, categories, price, original_price, stock, image_url } = columns;
  const { unassigned_stock, plain_variant, variant_count } = columns;
  const labelsOf = columns.lists.map((list) => list.map((i) => columns.labels[i] ?? ''));
  const products = new Array<PosProduct>(id.length);
  const reader = variantReader(columns);
  for (let i = 0; i < id.length; i++) {
    const c = category[i] ?? -1;
    const plain = plain_variant[i] ?? null;
    const productSku = sku[i] ?? '';
    const productBarcode = barcode[i] ?? null;
    const variants: PosVariant[] =
      plain === null
        ? reader.next(variant_count[i] ?? 0, productSku, productBarcode)
        : [
            {
              id: plain,
              size: null,
              color: null,
              sku: productSku,
              barcode: productBarcode,
              stock: stock[i] ?? 0,
              price: null,
            },
          ];
    products[i] = {
      id: id[i] ?? 0,
      name: name[i] ?? '',
      sku: productSku,
      barcode: productBarcode,
      category: c === -1 ? null : (categories[c] ?? null),
      price: price[i] ?? 0,
      original_price: original_price[i] ?? null,
      stock: stock[i] ?? 0,
      image_url: image_url[i] ?? null,
      // Each product its own copy, as the list of objects gave it (a screen may not share one list by mistake).
      sizes: [...(labelsOf[columns.sizes[i] ?? -1] ?? [])],
      colors: [...(labelsOf[columns.colors[i] ?? -1] ?? [])],
      unassigned_stock: unassigned_stock[i] ?? 0,
      variants,
    };
  }
  return products;
}

/** Reads the variant columns entry by entry, product after product. */
function variantReader(c: PosProductColumns) {
  let entry = 0;
  let id = 0;
  let priced = 0;
  const label = (i: number) => (i === -1 ? null : (c.labels[i] ?? null));
  return {
    next(count: number, productSku: string, productBarcode: string | null): PosVariant[] {
      const variants = new Array<PosVariant>(count);
      let sku = productSku;
      let barcode = productBarcode ?? '';
      for (let k = 0; k < count; k++, entry++) {
        id += c.variant_id[entry] ?? 0;
        sku = sku.slice(0, c.variant_sku_shared[entry] ?? 0) + (c.variant_sku_rest[entry] ?? '');
        const barcodeShared = c.variant_barcode_shared[entry] ?? -1;
        let own: string | null = null;
        if (barcodeShared !== -1) {
          own = barcode = barcode.slice(0, barcodeShared) + (c.variant_barcode_rest[entry] ?? '');
        }
        let price: number | null = null;
        if (c.variant_priced[priced] === entry) price = c.variant_price[priced++] ?? null;
        variants[k] = {
          id,
          size: label(c.variant_size[entry] ?? -1),
          color: label(c.variant_color[entry] ?? -1),
          sku,
          barcode: own,
          stock: c.variant_stock[entry] ?? 0,
          price,
        };
      }
      return variants;
    },
  };
}
