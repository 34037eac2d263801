import zlib from 'node:zlib';
import { bahtToSatang, type Product } from '@pos/core';
import { insertProducts, listCategoryRows, type ProductValues } from '@pos/server';
import type { RunningServer } from './server';

/** Catalogue set-up through the real API (multipart, as the product dialog sends it). */

export interface ProductSeed {
  name: string;
  sku: string;
  category: string;
  price: number;
  stock?: number;
  original_price?: number;
  sizes?: string[];
  colors?: string[];
}

export async function createProduct(
  baseUrl: string,
  token: string,
  seed: ProductSeed,
  image?: { bytes: Buffer; name: string },
): Promise<Product> {
  const form = new FormData();
  form.append('name', seed.name);
  form.append('barcode', seed.sku);
  form.append('category', seed.category);
  form.append('price', String(seed.price));
  if (seed.stock !== undefined) form.append('stock', String(seed.stock));
  if (seed.original_price !== undefined) form.append('original_price', String(seed.original_price));
  form.append('sizes', JSON.stringify(seed.sizes ?? []));
  form.append('colors', JSON.stringify(seed.colors ?? []));
  if (image) form.append('newImage', new Blob([new Uint8Array(image.bytes)], { type: 'image/png' }), image.name);
  const res = await fetch(`${baseUrl}/api/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`create product ${seed.sku}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { product: Product }).product;
}

export async function listProducts(baseUrl: string, token: string): Promise<Product[]> {
  const res = await fetch(`${baseUrl}/api/products`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { products: Product[] }).products;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (RGB, 8 bit): a diagonal two-colour pattern, so that it is visibly a picture. */
export function makePng(width = 96, height = 96): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const stripe = Math.floor((x + y) / 12) % 2 === 0;
      row.set(stripe ? [37, 99, 235] : [250, 204, 21], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A shop-sized catalogue written straight through the queries module (thousands of products through
 * the API would take minutes): product i is "<kind> รุ่น i", SKU CAT-<i>, barcode 885<i>, stock 1 + i % 30,
 * in the default categories in turn.
 */
export async function seedManyProducts(server: RunningServer, count: number): Promise<void> {
  const db = server.built.deps.db.kysely;
  const categories = await listCategoryRows(db, { activeOnly: true });
  const kinds = ['เสื้อยืด', 'กางเกงยีนส์', 'รองเท้าผ้าใบ', 'กระเป๋าสะพาย', 'สร้อยคอ'];
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += 500) {
    const rows: ProductValues[] = [];
    for (let i = start; i < Math.min(start + 500, count); i++) {
      rows.push({
        name: `${kinds[i % kinds.length]} รุ่น ${i}`,
        sku: `CAT-${String(i).padStart(5, '0')}`,
        barcode: `885${String(i).padStart(10, '0')}`,
        category_id: categories[i % categories.length]?.id ?? null,
        price: bahtToSatang(100 + (i % 20) * 10),
        cost: 0,
        original_price: null,
        stock: 1 + (i % 30),
        description: '',
        image_id: null,
        image_url: null,
        sizes: [],
        colors: [],
      });
    }
    await insertProducts(db, rows, now);
  }
}
