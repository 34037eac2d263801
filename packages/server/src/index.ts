// The server's public entry (`@pos/server`): what the browser tests and the benchmark may use.
export { loadConfig, type Config } from './config';
export type { Db } from './db/database';
export { startServer, type RunningServer, type StartOptions } from './server';
// Bulk fixtures: thousands of rows through the API would take minutes.
export { listCategoryRows } from './features/categories/categories.queries';
export { insertCustomer } from './features/customers/customers.queries';
export { insertProducts, type ProductValues } from './features/products/products.queries';
