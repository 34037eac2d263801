import { z } from 'zod';
import type { PosProduct } from './products';

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
}

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
  };
  for (const p of products) {
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
  }
  return columns;
}

type EntryKind = 'int' | 'number' | 'number-or-null' | 'text' | 'text-or-null' | 'text-list';

/** The columns and the kind each of their entries must be (no range or format checks). */
const COLUMN_KINDS: readonly [Exclude<keyof PosProductColumns, 'categories'>, EntryKind][] = [
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
  const products = new Array<PosProduct>(id.length);
  for (let i = 0; i < id.length; i++) {
    const c = category[i] ?? -1;
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
    };
  }
  return products;
}
