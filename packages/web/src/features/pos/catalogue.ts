/**
 * The till's product list prepared once per load, so that a keystroke or a scan does no work
 * per product beyond a substring test: an exact-code map for Enter (a scanner's barcode or a typed
 * SKU) and each product's lower-cased search text. The search texts are built after the till is
 * usable (`warmCatalogue`, when the browser is idle) or at the first search, whichever comes first:
 * on a cold load they cost ~100 ms of a slow till's CPU with 10,000 products (issue 10 item 6).
 */
import type { CartProduct } from './cart';

export interface Catalogue<T extends CartProduct> {
  products: readonly T[];
  /** Lower-cased barcode or SKU → product; a barcode wins over another product's equal SKU. */
  byCode: ReadonlyMap<string, T>;
  /** Lower-cased "name \n sku \n barcode" of products[i], built on the first call. */
  searchText: () => readonly string[];
}

// Plain toLowerCase: Thai has no case, and the locale-aware form is several times slower over 10,000 products.
const lower = (text: string) => text.toLowerCase();

export function catalogueOf<T extends CartProduct>(products: readonly T[]): Catalogue<T> {
  const byCode = new Map<string, T>();
  for (const p of products) {
    const code = p.barcode === null ? '' : lower(p.barcode);
    if (code !== '' && !byCode.has(code)) byCode.set(code, p);
  }
  for (const p of products) {
    const code = lower(p.sku);
    if (code !== '' && !byCode.has(code)) byCode.set(code, p);
  }
  let searchText: readonly string[] | null = null;
  const texts = () => (searchText ??= products.map((p) => lower(`${p.name}\n${p.sku}\n${p.barcode ?? ''}`)));
  return { products, byCode, searchText: texts };
}

/**
 * Builds the search texts when the browser has nothing else to do; answers a cancel function
 * (for an effect's clean-up). Without requestIdleCallback (Safari), shortly after.
 */
export function warmCatalogue<T extends CartProduct>(catalogue: Catalogue<T>): () => void {
  const warm = () => void catalogue.searchText();
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(warm, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(warm, 200);
  return () => clearTimeout(handle);
}

/** The product whose barcode or SKU is exactly the scanned text, any case (a keyboard-wedge scanner ends with Enter). */
export function findByCode<T extends CartProduct>(catalogue: Catalogue<T>, code: string): T | undefined {
  const wanted = lower(code.trim());
  return wanted === '' ? undefined : catalogue.byCode.get(wanted);
}

function matcher<T extends CartProduct>(catalogue: Catalogue<T>, search: string, category: string) {
  const term = lower(search.trim());
  const texts = term === '' ? [] : catalogue.searchText();
  return (p: T, i: number) =>
    (category === '' || p.category === category) && (term === '' || (texts[i] ?? '').includes(term));
}

/** Products matching the search box (name, SKU or barcode, any case) in the chosen category ('' for all). */
export function filterCatalogue<T extends CartProduct>(catalogue: Catalogue<T>, search: string, category: string): T[] {
  if (search.trim() === '' && category === '') return [...catalogue.products];
  return catalogue.products.filter(matcher(catalogue, search, category));
}

/** Whether anything matches, without building the list (Enter on a code that is not exact). */
export function hasMatch<T extends CartProduct>(catalogue: Catalogue<T>, search: string, category: string): boolean {
  return catalogue.products.some(matcher(catalogue, search, category));
}
