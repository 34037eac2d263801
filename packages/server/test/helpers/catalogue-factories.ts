import fs from 'node:fs';
import path from 'node:path';
import { bahtToSatang, DEFAULT_CATEGORIES, type ProductWithVariants } from '@pos/core';
import sharp from 'sharp';
import { findCategoryByName } from '../../src/features/categories/categories.queries';
import { insertProducts } from '../../src/features/products/products.queries';
import type { VariantSeed } from '../../src/features/products/variants.queries';
import { productWithVariants } from '../../src/features/products/variants.service';
import type { HttpResult, TestApp } from './test-app';

let productCounter = 0;

export interface ProductOverrides {
  name: string;
  sku: string;
  barcode: string | null;
  /** Category name; null for none. */
  category: string | null;
  price: number;
  cost: number;
  original_price: number | null;
  stock: number;
  description: string;
  sizes: string[];
  colors: string[];
  /** The style's variants (satang prices); left out, one per combination with stock 0 (all stock unassigned). */
  variants: VariantSeed[];
}

/**
 * A product written straight through the queries module (no HTTP), in the first default category unless
 * told; with `variants` its stock (left out) is theirs.
 */
export async function buildProduct(
  t: TestApp,
  overrides: Partial<ProductOverrides> = {},
): Promise<ProductWithVariants> {
  productCounter += 1;
  const db = t.built.deps.db.kysely;
  const categoryName = overrides.category === undefined ? DEFAULT_CATEGORIES[0] : overrides.category;
  const category = categoryName === null ? undefined : await findCategoryByName(db, categoryName);
  if (categoryName !== null && !category) throw new Error(`no category ${categoryName}`);
  const sku = overrides.sku ?? `SKU-${productCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const [id] = await insertProducts(
    db,
    [
      {
        name: overrides.name ?? `สินค้าทดสอบ ${productCounter}`,
        sku,
        barcode: overrides.barcode === undefined ? sku : overrides.barcode,
        category_id: category?.id ?? null,
        price: bahtToSatang(overrides.price ?? 199),
        cost: bahtToSatang(overrides.cost ?? 0),
        original_price: overrides.original_price == null ? null : bahtToSatang(overrides.original_price),
        stock:
          overrides.stock ?? (overrides.variants ? overrides.variants.reduce((n, v) => n + (v.stock ?? 0), 0) : 25),
        description: overrides.description ?? '',
        image_id: null,
        image_url: null,
        sizes: overrides.sizes ?? [],
        colors: overrides.colors ?? [],
        ...(overrides.variants ? { variants: overrides.variants } : {}),
      },
    ],
    new Date().toISOString(),
  );
  return productWithVariants(db, id ?? 0);
}

export interface FormFile {
  data: Buffer;
  filename: string;
  type: string;
  /** Field name; `newImage` unless told. */
  field?: string;
}

/** Sends a multipart/form-data request as the product dialog does (global FormData, Blob and fetch). */
export async function sendForm<T = Record<string, unknown>>(
  t: TestApp,
  method: 'POST' | 'PUT',
  urlPath: string,
  options: { token?: string; fields?: Record<string, string | string[]>; file?: FormFile },
): Promise<HttpResult<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    for (const v of [value].flat()) form.append(name, v);
  }
  if (options.file) {
    const { data, filename, type, field = 'newImage' } = options.file;
    form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  }
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${t.url}${urlPath}`, { method, headers, body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** The product form's fields as the spec's dialog sends them: text, SKU as `barcode`, lists as JSON text. */
export function productFormFields(overrides: Record<string, string> = {}): Record<string, string> {
  productCounter += 1;
  return {
    name: `เสื้อยืดคอกลม ${productCounter}`,
    barcode: `TS-${productCounter}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    category: DEFAULT_CATEGORIES[0],
    price: '250.50',
    cost: '120',
    stock: '15',
    description: 'ผ้าฝ้าย 100%',
    sizes: JSON.stringify(['S', 'M']),
    colors: JSON.stringify(['ขาว']),
    ...overrides,
  };
}

/** A real JPEG with EXIF (camera, GPS-like comment), optionally large. */
export function makeJpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Somchai Private', Copyright: 'GPS 13.7563,100.5018' } })
    .toBuffer();
}

export function makePng(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .withExif({ IFD0: { Artist: 'Somchai Private' } })
    .toBuffer();
}

export function makeGif(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 200, b: 0 } } })
    .gif()
    .toBuffer();
}

/** Every file under the app's uploads folder, as paths relative to it. */
export function uploadedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

export function uploadsRoot(t: TestApp): string {
  return path.join(t.config.dataDir, 'uploads');
}

/** A product's stock as the database holds it. */
export async function stockOf(t: TestApp, id: number): Promise<number> {
  const row = await t.built.deps.db.kysely
    .selectFrom('products')
    .select('stock')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.stock;
}
