/**
 * The API reads the till needs before it is usable, in the order they matter (the product list first).
 * No imports: `boot.ts` starts them before the rest of the app has loaded.
 * Each is the very path the till's query asks (products, settings and customers features; boot.test.ts checks),
 * or the answer started early goes unused.
 */
export const POS_LOAD_PATHS = {
  products: '/products/pos',
  settings: '/settings/store',
  categories: '/products/categories/list',
  customers: '/customers',
} as const;
