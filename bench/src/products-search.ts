// Product search over 50,000 products through HTTP (issue 4).
//
// Figures on the 2-core development machine (node 20, 500 requests, 8 at a time):
//   SQLite, search_text LIKE '%…%' scanning every row: p50 75-93 ms, p95 96-116 ms (~100 req/s),
//     bare /api/health in the same run p50 2.4 ms.
//   SQLite with the FTS5 trigram index (catalogue migration): p50 7-28 ms, p95 16-44 ms
//     (a 13-digit barcode is the slowest: its digit trigrams are in every row), health p50 3.2 ms.
//   PostgreSQL 15 with the pg_trgm GIN index: p50 18-24 ms, p95 31-41 ms, health p50 3.2 ms;
//     EXPLAIN: 2-4 ms per selective search with the index, 40 ms for a full scan.
// Run against PostgreSQL with BENCH_DATABASE_URL pointing at an empty database.
import { bahtToSatang, DEFAULT_CATEGORIES } from '@pos/core';
import { insertProducts, listCategoryRows, type Db, type ProductValues } from '@pos/server';
import { measure, type Figures } from './measure';

export const PRODUCT_COUNT = 50_000;
const BATCH = 500;

const KINDS = ['เสื้อยืด', 'กางเกงยีนส์', 'รองเท้าผ้าใบ', 'กระเป๋าสะพาย', 'สร้อยคอ', 'หมวกแก๊ป', 'เข็มขัดหนัง', 'ถุงเท้า'];
const COLOURS = ['ขาว', 'ดำ', 'แดง', 'กรม', 'เทา'];
const BRANDS = ['Siam', 'Chao Phraya', 'Lanna', 'Isan Craft', 'Andaman'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The sizes of a style when the catalogue is seeded as styles (issue 34: 10,000 styles, 50,000 variants). */
export const STYLE_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;

/** Variant k of seeded style i: its own SKU and barcode (886…, apart from the styles' 885…), and its stock. */
export function seededVariant(i: number, k: number) {
  return { sku: `SKU-${pad(i, 6)}-${k}`, barcode: `886${pad(i, 9)}${k}`, stock: (i + k) % 7 };
}

/**
 * Seeds the products straight through the queries module, BATCH rows per insert. `styles`: every
 * product a style in the five sizes of one colour, each variant with its own codes and an uneven stock
 * (one in seven sold out); otherwise every second product has three sizes whose stock is not counted
 * per size yet.
 */
export async function seedProducts(db: Db, count = PRODUCT_COUNT, { styles = false } = {}): Promise<void> {
  const categories = await listCategoryRows(db.kysely, { activeOnly: false });
  const categoryIds = categories
    .filter((c) => (DEFAULT_CATEGORIES as readonly string[]).includes(c.name))
    .map((c) => c.id);
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += BATCH) {
    const rows: ProductValues[] = [];
    for (let i = start; i < Math.min(start + BATCH, count); i++) {
      const kind = KINDS[i % KINDS.length] ?? '';
      const colour = COLOURS[Math.floor(i / KINDS.length) % COLOURS.length] ?? '';
      rows.push({
        name: `${kind}${colour} ${BRANDS[i % BRANDS.length]} รุ่น ${i}`,
        sku: `SKU-${pad(i, 6)}`,
        barcode: `885${pad(i, 10)}`,
        category_id: categoryIds[i % categoryIds.length] ?? null,
        price: bahtToSatang(99 + (i % 50) * 10),
        cost: bahtToSatang(50),
        original_price: i % 3 === 0 ? bahtToSatang(199 + (i % 50) * 10) : null,
        stock: i % 40,
        description: '',
        image_id: null,
        image_url: null,
        sizes: i % 2 === 0 ? ['S', 'M', 'L'] : [],
        colors: [colour],
      });
      if (styles) {
        const variants = STYLE_SIZES.map((size, k) => ({ size, color: colour, ...seededVariant(i, k) }));
        Object.assign(rows[rows.length - 1]!, {
          sizes: [...STYLE_SIZES],
          stock: variants.reduce((n, v) => n + v.stock, 0),
          variants,
        });
      }
    }
    await insertProducts(db.kysely, rows, now);
  }
}

/** p50/p95 of typical searches: a till's scan, a typed SKU, a Thai name fragment, a broad word. */
export async function measureProductSearch(base: string, auth: Record<string, string>): Promise<Figures[]> {
  const search = (label: string, query: string) =>
    measure(`GET /api/products?${label}`, () => fetch(`${base}/api/products?${query}`, { headers: auth }), 500, 8);
  return [
    await search('search=<barcode> (1 hit)', `search=${885}${pad(31337, 10)}`),
    await search('search=<sku, lower case> (1 hit)', 'search=sku-031337'),
    await search('search=<Thai name> (11 hits)', `search=${encodeURIComponent('รุ่น 4242')}`),
    await search('search=<Thai word>&limit=50', `search=${encodeURIComponent('ยีนส์ดำ')}&limit=50`),
    await search('search=<no match>', `search=${encodeURIComponent('ไม่มีสินค้านี้')}`),
  ];
}
