/**
 * The till's product list prepared once per load, so that a keystroke or a scan does no work
 * per product beyond a substring test: an exact-code map for Enter (a scanner's barcode or a typed
 * SKU) and each product's lower-cased search text. Neither is built on the way to a usable till
 * (issue 10 item 6: with 10,000 products the map cost ~30 ms and the texts ~100 ms of a slow till's
 * CPU on a cold load): `warmCatalogue` builds them when the browser is idle, the map first, or the
 * first scan or search does, whichever comes first.
 */
import type { PosVariant } from '@pos/core';
import { whenIdle } from '../../lib/when-idle';
import type { CartProduct } from './cart';

/** What a code names: a product, and the variant when the code is a variant's own (issue 34). */
export interface CodeMatch<T extends CartProduct> {
  product: T;
  /** null: the style's own code, which asks for the size and colour. */
  variant: PosVariant | null;
}

export interface Catalogue<T extends CartProduct> {
  products: readonly T[];
  /**
   * Lower-cased barcode or SKU → what it names, built on the first call: barcodes before SKUs, and a
   * product's before its variants' (a plain product's one variant shares its codes).
   */
  byCode: () => ReadonlyMap<string, CodeMatch<T>>;
  /** Lower-cased "name \n sku \n barcode" of products[i], built on the first call. */
  searchText: () => readonly string[];
}

// Plain toLowerCase: Thai has no case, and the locale-aware form is several times slower over 10,000 products.
const lower = (text: string) => text.toLowerCase();

function codeMap<T extends CartProduct>(products: readonly T[]): Map<string, CodeMatch<T>> {
  const byCode = new Map<string, CodeMatch<T>>();
  const put = (code: string | null, match: CodeMatch<T>) => {
    const key = code === null ? '' : lower(code);
    if (key !== '' && !byCode.has(key)) byCode.set(key, match);
  };
  // A plain product's code adds it as it is; its one variant is what is sold.
  const own = (p: T): CodeMatch<T> => ({
    product: p,
    variant: p.variants.length === 1 ? (p.variants[0] ?? null) : null,
  });
  for (const p of products) put(p.barcode, own(p));
  for (const p of products) for (const v of p.variants) put(v.barcode, { product: p, variant: v });
  for (const p of products) put(p.sku, own(p));
  for (const p of products) for (const v of p.variants) put(v.sku, { product: p, variant: v });
  return byCode;
}

export function catalogueOf<T extends CartProduct>(products: readonly T[]): Catalogue<T> {
  let byCode: ReadonlyMap<string, CodeMatch<T>> | null = null;
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

/**
 * The product (and variant) whose barcode or SKU is exactly the scanned text, any case (a keyboard-wedge
 * scanner ends with Enter).
 */
export function findByCode<T extends CartProduct>(catalogue: Catalogue<T>, code: string): CodeMatch<T> | undefined {
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
