// The server's public entry (`@pos/server`): what the browser tests and the benchmark may use.
export { loadConfig, type Config } from './config';
export type { Db } from './db/database';
export { startServer, type RunningServer, type StartOptions } from './server';
// Bulk fixtures: thousands of rows through the API would take minutes.
export { listCategoryRows } from './features/categories/categories.queries';
export { insertCustomer } from './features/customers/customers.queries';
export { insertProducts, type ProductValues } from './features/products/products.queries';
// The demo shop and its bulk sales (`npm run demo`), and the reports the benchmark explains.
export { runDemo, type DemoRunOptions } from './demo/demo-run';
export { dashboard, salesSummary } from './features/reports/reports.service';
export { listSales } from './features/sales/sales.service';
export { addDays, shopToday } from './calendar/calendar';
export { openDatabase } from './db/database';
export { migrateToLatest } from './db/migrate';
export { rebuildReportRollups, syncReportRollups } from './features/reports/rollups.service';
export { ensureFirstAdmin } from './features/users/first-admin';
export { imageStoreFor } from './integrations/image-store/image-store-factory';
// The bundle `npm start` runs: the benchmark measures the server as it is run.
export { buildServer, SERVER_BUNDLE } from './build/build-server';
