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

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown) => v === null || typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isNumber = (v: unknown): v is number => Number.isFinite(v);
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);

/** The columns and the test each of their entries must pass (no range or format checks). */
const COLUMN_CHECKS: readonly [Exclude<keyof PosProductColumns, 'categories'>, (v: unknown) => boolean][] = [
  ['id', isInt],
  ['name', isText],
  ['sku', isText],
  ['barcode', isTextOrNull],
  ['category', isInt],
  ['price', isNumber],
  ['original_price', (v) => v === null || isNumber(v)],
  ['stock', isInt],
  ['image_url', isTextOrNull],
  ['sizes', isTextList],
  ['colors', isTextList],
];

/**
 * Whether `value` has the wire shape the till relies on: every column an array of one length with
 * entries of the right kinds, every category index naming a category. The server checked its answer
 * in full (see pos-list.service.ts): the browser checks only the shape, in a fraction of the time.
 */
export function isPosProductColumns(value: unknown): value is PosProductColumns {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  if (!isTextList(c.categories) || !Array.isArray(c.id)) return false;
  const count = c.id.length;
  const categoryCount = c.categories.length;
  for (const [name, check] of COLUMN_CHECKS) {
    const column = c[name];
    if (!Array.isArray(column) || column.length !== count) return false;
    for (const entry of column) if (!check(entry)) return false;
  }
  return (c.category as number[]).every((i) => i >= -1 && i < categoryCount);
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
