/**
 * The till's product list prepared once per load, so that a keystroke or a scan does no work
 * per product beyond a substring test: an exact-code map for Enter (a scanner's barcode or a typed
 * SKU) and each product's lower-cased search text. Neither is built on the way to a usable till
 * (issue 10 item 6: with 10,000 products the map cost ~30 ms and the texts ~100 ms of a slow till's
 * CPU on a cold load): `warmCatalogue` builds them when the browser is idle, the map first, or the
 * first scan or search does, whichever comes first.
 */
import { whenIdle } from '../../lib/when-idle';
import type { CartProduct } from './cart';

export interface Catalogue<T extends CartProduct> {
  products: readonly T[];
  /** Lower-cased barcode or SKU → product, built on the first call; a barcode wins over another product's equal SKU. */
  byCode: () => ReadonlyMap<string, T>;
  /** Lower-cased "name \n sku \n barcode" of products[i], built on the first call. */
  searchText: () => readonly string[];
}

// Plain toLowerCase: Thai has no case, and the locale-aware form is several times slower over 10,000 products.
const lower = (text: string) => text.toLowerCase();

function codeMap<T extends CartProduct>(products: readonly T[]): Map<string, T> {
  const byCode = new Map<string, T>();
  for (const p of products) {
    const code = p.barcode === null ? '' : lower(p.barcode);
    if (code !== '' && !byCode.has(code)) byCode.set(code, p);
  }
  for (const p of products) {
    const code = lower(p.sku);
    if (code !== '' && !byCode.has(code)) byCode.set(code, p);
  }
  return byCode;
}

export function catalogueOf<T extends CartProduct>(products: readonly T[]): Catalogue<T> {
  let byCode: ReadonlyMap<string, T> | null = null;
  let searchText: readonly string[] | null = null;
  return {
    products,
    byCode: () => (byCode ??= codeMap(products)),
    searchText: () => (searchText ??= products.map((p) => lower(`${p.name}\n${p.sku}\n${p.barcode ?? ''}`))),
  };
}

/**
 * Builds the code map, then the search texts, each when the browser is idle (two short tasks
 * rather than one long one a scan could wait behind); answers a cancel function (for an effect's clean-up).
 */
export function warmCatalogue<T extends CartProduct>(catalogue: Catalogue<T>): () => void {
  let cancel = whenIdle(() => {
    catalogue.byCode();
    cancel = whenIdle(() => void catalogue.searchText());
  });
  return () => cancel();
}

/** The product whose barcode or SKU is exactly the scanned text, any case (a keyboard-wedge scanner ends with Enter). */
export function findByCode<T extends CartProduct>(catalogue: Catalogue<T>, code: string): T | undefined {
  const wanted = lower(code.trim());
  return wanted === '' ? undefined : catalogue.byCode().get(wanted);
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
