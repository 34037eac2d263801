/**
 * The till's product list prepared once per load, so that a keystroke or a scan does no work
 * per product beyond a substring test: an exact-code map for Enter (a scanner's barcode or a typed
 * SKU) and each product's lower-cased search text. Neither is built on the way to a usable till
 * (issue 10 item 6: with 10,000 products the map cost ~30 ms and the texts ~100 ms of a slow till's
 * CPU on a cold load): `warmCatalogue` builds them when the browser is idle, the map first, a slice of
 * products at a time (issue 34: with 50,000 variants the map took ~300 ms of a slow till's CPU in one
 * task, which a scan or a reload then waited for), or the first scan or search finishes them,
 * whichever comes first.
 */
import type { PosVariant } from '@pos/core';
import { whenIdleInSlices, type WorkSlice } from '../../lib/when-idle';
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
   * What a lower-cased barcode or SKU names: barcodes before SKUs, and a product's before its variants' (a
   * plain product's one variant shares its codes). From the code map once built; before that, by a walk of
   * the products in the same order, so a scan never waits for the rest of the map's build.
   */
  codeMatch: (wanted: string) => CodeMatch<T> | undefined;
  /** Lower-cased "name \n sku \n barcode" of products[i], built on the first call. */
  searchText: () => readonly string[];
  /** A slice of the map's build, then of the texts' (`warmCatalogue`): each answers true once built. */
  slices: readonly [WorkSlice, WorkSlice];
}

// Plain toLowerCase: Thai has no case, and the locale-aware form is several times slower over 10,000 products.
const lower = (text: string) => text.toLowerCase();

/** Codes or texts made per slice of a build (~1,000 are a few ms of a slow till's CPU). */
const SLICE_ITEMS = 1000;

/**
 * A value built a slice at a time: `slice` advances it (idle work), `value` finishes it at once, `built`
 * answers it only if already done.
 */
function stepwise<V>(steps: Generator<void, V>): { slice: WorkSlice; value: () => V; built: () => V | null } {
  let result: { value: V } | null = null;
  const slice = () => {
    if (!result) {
      const next = steps.next();
      if (next.done) result = { value: next.value };
    }
    return result !== null;
  };
  return {
    slice,
    value: () => {
      while (!slice());
      return (result as { value: V }).value;
    },
    built: () => result?.value ?? null,
  };
}

/** Hands each product to `visit`, which answers how many items it made; yields after every SLICE_ITEMS. */
function* inSlices<T>(list: readonly T[], visit: (item: T) => number): Generator<void, void> {
  let made = 0;
  for (const item of list) {
    made += visit(item);
    if (made >= SLICE_ITEMS) {
      made = 0;
      yield;
    }
  }
}

/** A plain product's code adds it as it is; its one variant is what is sold. A style's asks for the variant. */
const ownMatch = <T extends CartProduct>(p: T): CodeMatch<T> => ({
  product: p,
  variant: p.variants.length === 1 ? (p.variants[0] ?? null) : null,
});

/**
 * The catalogue's codes in the order they claim a code (the first claim wins): every product's barcode, every
 * variant's, every product's SKU, every variant's; each pass hands one product's codes to `claim`.
 */
const CODE_PASSES = [
  <T extends CartProduct>(p: T, claim: (code: string | null, match: CodeMatch<T>) => void) =>
    claim(p.barcode, ownMatch(p)),
  <T extends CartProduct>(p: T, claim: (code: string | null, match: CodeMatch<T>) => void) => {
    for (const v of p.variants) claim(v.barcode, { product: p, variant: v });
  },
  <T extends CartProduct>(p: T, claim: (code: string | null, match: CodeMatch<T>) => void) => claim(p.sku, ownMatch(p)),
  <T extends CartProduct>(p: T, claim: (code: string | null, match: CodeMatch<T>) => void) => {
    for (const v of p.variants) claim(v.sku, { product: p, variant: v });
  },
] as const;

function* codeMap<T extends CartProduct>(products: readonly T[]): Generator<void, Map<string, CodeMatch<T>>> {
  const byCode = new Map<string, CodeMatch<T>>();
  let made = 0;
  const claim = (code: string | null, match: CodeMatch<T>) => {
    made += 1;
    const key = code === null ? '' : lower(code);
    if (key !== '' && !byCode.has(key)) byCode.set(key, match);
  };
  for (const pass of CODE_PASSES) {
    yield* inSlices(products, (p) => {
      made = 0;
      pass(p, claim);
      return made;
    });
  }
  return byCode;
}

/**
 * The first claim of `wanted` in the map's order, by walking the products: no map, and only codes of the
 * wanted length lower-cased (a few milliseconds over 50,000 variants where finishing the map took ~300).
 */
function walkForCode<T extends CartProduct>(products: readonly T[], wanted: string): CodeMatch<T> | undefined {
  let found: CodeMatch<T> | undefined;
  const claim = (code: string | null, match: CodeMatch<T>) => {
    if (!found && code !== null && code.length === wanted.length && lower(code) === wanted) found = match;
  };
  for (const pass of CODE_PASSES) {
    for (const p of products) {
      pass(p, claim);
      if (found) return found;
    }
  }
  return undefined;
}

function* searchTexts<T extends CartProduct>(products: readonly T[]): Generator<void, string[]> {
  const texts: string[] = [];
  yield* inSlices(products, (p) => {
    texts.push(lower(`${p.name}\n${p.sku}\n${p.barcode ?? ''}`));
    return 1;
  });
  return texts;
}

export function catalogueOf<T extends CartProduct>(products: readonly T[]): Catalogue<T> {
  const byCode = stepwise(codeMap(products));
  const texts = stepwise(searchTexts(products));
  return {
    products,
    codeMatch: (wanted) => {
      const map = byCode.built();
      return map ? map.get(wanted) : walkForCode(products, wanted);
    },
    searchText: texts.value,
    slices: [byCode.slice, texts.slice],
  };
}

/**
 * Builds the code map, then the search texts, a slice at a time while the browser is idle (never a
 * long task a scan could wait behind); answers a cancel function (for an effect's clean-up).
 */
export function warmCatalogue<T extends CartProduct>(catalogue: Catalogue<T>): () => void {
  const [mapSlice, textSlice] = catalogue.slices;
  let cancel = whenIdleInSlices(() => {
    if (!mapSlice()) return false;
    // The texts from the next idle period on: the map is what a scan needs first.
    cancel = whenIdleInSlices(textSlice);
    return true;
  });
  return () => cancel();
}

/**
 * The product (and variant) whose barcode or SKU is exactly the scanned text, any case (a keyboard-wedge
 * scanner ends with Enter).
 */
export function findByCode<T extends CartProduct>(catalogue: Catalogue<T>, code: string): CodeMatch<T> | undefined {
  const wanted = lower(code.trim());
  return wanted === '' ? undefined : catalogue.codeMatch(wanted);
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
