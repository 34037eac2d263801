/**
 * Refreshing what the till keeps for selling offline (issue 38), while it is online: the server's clock first (the
 * catalogue is "synced at" it, so a price changed after it is one the server allows), then the catalogue,
 * customers, settings, the open shift and the till's recent sales, and new blocks of numbers when few are left.
 */
import {
  CreateSaleRequest,
  CUSTOMER_LIST_LIMIT_MAX,
  NUMBER_BLOCK_KINDS,
  NumberBlockResponse,
  OfflineStateResponse,
  SalesListResponse,
  type NumberBlockKind,
  type Sale,
  type Customer,
  type NumberBlock,
  type PosProduct,
  type Shift,
  type StoreSettings,
  type Till,
} from '@pos/core';
import { api } from '../../lib/api';
import { localDateKey } from '../../lib/dates';
import { isRefundRow, numbersLeft, type CachedBlock, type OfflineDb, type OutboxRow } from '../../lib/offline-db';
import { readCustomersPayload } from '../customers/customers-payload';
import { posApi } from '../pos/pos.queries';
import { shiftsApi } from '../shifts/shifts.queries';

/** Fewer numbers left than this: another block is reserved while the network is there (refunds are rarer). */
export const BLOCK_LOW_WATER: Record<NumberBlockKind, number> = { receipt: 50, credit_note: 10 };

/** How many days of the till's sales it keeps, to refund them offline. */
export const KEPT_SALE_DAYS = 3;
const KEPT_SALES_MAX = 200;

export const offlineApi = {
  state: (tillId: number) => api.get(`/offline/state?tillId=${tillId}`, { schema: OfflineStateResponse }),
  reserveBlock: (tillId: number, kind: NumberBlockKind) =>
    api.post('/offline/number-blocks', { tillId, kind }, { schema: NumberBlockResponse }).then((r) => r.block),
  tillSales: (tillId: number, since: string) =>
    api
      .get(`/sales?tillId=${tillId}&startDate=${since}&limit=${KEPT_SALES_MAX}`, { schema: SalesListResponse })
      .then((r) => r.sales),
};

export interface RefreshSources {
  state: (tillId: number) => Promise<{ serverTime: string; blocks: NumberBlock[] }>;
  products: () => Promise<PosProduct[]>;
  customers: () => Promise<Customer[]>;
  settings: () => Promise<StoreSettings>;
  shift: (tillId: number) => Promise<Shift | null>;
  till: (tillId: number) => Promise<Till | null>;
  reserveBlock: (tillId: number, kind: NumberBlockKind) => Promise<NumberBlock>;
  /** The till's sales since a shop day (`YYYY-MM-DD`), newest first. */
  tillSales: (tillId: number, since: string) => Promise<Sale[]>;
}

/**
 * The API's answers; the settings as the POS's queries cache them (passed in by the caller). The till's sales are
 * read only for a user who may refund them.
 */
export function apiSources(settings: () => Promise<StoreSettings>, keepsSales: boolean): RefreshSources {
  return {
    state: offlineApi.state,
    products: () => posApi.products(),
    customers: () => api.get<unknown>(`/customers?limit=${CUSTOMER_LIST_LIMIT_MAX}`).then(readCustomersPayload),
    settings,
    shift: (tillId) => shiftsApi.current(tillId).then((r) => r.shift),
    till: (tillId) => shiftsApi.tills().then((r) => r.tills.find((t) => t.id === tillId) ?? null),
    reserveBlock: offlineApi.reserveBlock,
    tillSales: keepsSales ? offlineApi.tillSales : () => Promise.resolve([]),
  };
}

/** The server's blocks with this till's own progress through them (it may be ahead of what the server has). */
export function mergeBlocks(local: readonly CachedBlock[], server: readonly NumberBlock[]): CachedBlock[] {
  return server.map((block) => {
    const known = local.find((b) => b.id === block.id);
    return { id: block.id, block, next: Math.max(known?.next ?? block.first, block.first + block.used) };
  });
}

/** What the sales still in the outbox take from the fresh lists (the server has not seen them yet). */
export function applyPending(
  products: PosProduct[],
  customers: Customer[],
  pending: readonly OutboxRow[],
): { products: PosProduct[]; customers: Customer[] } {
  const byProduct = new Map(products.map((p) => [p.id, p]));
  const byCustomer = new Map(customers.map((c) => [c.id, c]));
  const moveStock = (productId: number, variantId: number | null | undefined, by: number) => {
    const product = byProduct.get(productId);
    if (!product) return;
    byProduct.set(product.id, {
      ...product,
      stock: product.stock + by,
      variants: product.variants.map((v) =>
        variantId != null && v.id === variantId ? { ...v, stock: v.stock + by } : v,
      ),
    });
  };
  for (const row of pending) {
    if (isRefundRow(row)) {
      for (const unit of row.returned) moveStock(unit.productId, unit.variantId, unit.quantity);
      continue;
    }
    const sale = CreateSaleRequest.parse(row.body);
    for (const item of sale.items) moveStock(Number(item.productId), item.variantId as number | null, -item.quantity);
    const customer = sale.customerId != null ? byCustomer.get(sale.customerId) : undefined;
    if (customer) {
      const points = customer.loyalty_points - sale.pointsUsed + (sale.pointsEarned ?? 0);
      byCustomer.set(customer.id, { ...customer, loyalty_points: Math.max(0, points) });
    }
  }
  return {
    products: products.map((p) => byProduct.get(p.id) ?? p),
    customers: customers.map((c) => byCustomer.get(c.id) ?? c),
  };
}

/**
 * The till's sales as the server has them, kept for refunds made offline; a sale with a refund still in the outbox
 * keeps the till's own copy (it shows that refund), and so does one made offline and not sent yet. Older than
 * KEPT_SALE_DAYS: let go.
 */
async function keepTillSales(db: OfflineDb, sales: readonly Sale[], pending: readonly OutboxRow[]): Promise<void> {
  const ownCopy = new Set(pending.filter(isRefundRow).map((r) => r.saleDocumentNumber));
  const fresh = sales.filter((sale) => !ownCopy.has(sale.document_number));
  await db.sales.bulkPut(
    fresh.map((sale) => ({ key: sale.document_number, sale, offlineId: null, madeAt: sale.created_at })),
  );
  const cutoff = new Date(Date.now() - KEPT_SALE_DAYS * 24 * 60 * 60_000).toISOString();
  const unsent = new Set(pending.filter((r) => !isRefundRow(r)).map((r) => r.documentNumber));
  await db.sales
    .where('madeAt')
    .below(cutoff)
    .filter((kept) => !unsent.has(kept.key) && !ownCopy.has(kept.key))
    .delete();
}

/** Reads everything afresh and writes it in one transaction; reserves numbers when few are left. */
export async function refreshOfflineCache(db: OfflineDb, tillId: number, sources: RefreshSources): Promise<void> {
  // The clock first: whatever the catalogue says was true at or after this moment.
  const state = await sources.state(tillId);
  const since = localDateKey(new Date(Date.now() - (KEPT_SALE_DAYS - 1) * 24 * 60 * 60_000));
  const [products, customers, settings, shift, till, sales] = await Promise.all([
    sources.products(),
    sources.customers(),
    sources.settings(),
    sources.shift(tillId),
    sources.till(tillId),
    sources.tillSales(tillId, since),
  ]);
  const tables = [db.products, db.customers, db.meta, db.blocks, db.outbox, db.sales];
  await db.transaction('rw', tables, async () => {
    const pending = await db.outbox.toArray();
    const lists = applyPending(products, customers, pending);
    await db.products.clear();
    await db.products.bulkPut(lists.products.map((product, position) => ({ id: product.id, position, product })));
    await db.customers.clear();
    await db.customers.bulkPut(lists.customers);
    const blocks = mergeBlocks(await db.blocks.toArray(), state.blocks);
    await db.blocks.clear();
    await db.blocks.bulkPut(blocks);
    await keepTillSales(db, sales, pending);
    await db.meta.bulkPut([
      { key: 'settings', value: settings },
      { key: 'shift', value: shift },
      { key: 'till', value: till },
      { key: 'syncedAt', value: state.serverTime },
      { key: 'refreshedAt', value: new Date().toISOString() },
    ]);
  });
  // Receipts for sales, credit notes for refunds: each kind topped up when few are left.
  for (const kind of NUMBER_BLOCK_KINDS) {
    if (numbersLeft(await db.blocks.toArray(), kind) < BLOCK_LOW_WATER[kind]) {
      const block = await sources.reserveBlock(tillId, kind);
      await db.blocks.put({ id: block.id, block, next: block.first + block.used });
    }
  }
}

/** Asks the browser once to keep this storage when space runs short (the outbox must never be cleared). */
export async function askPersistentStorage(db: OfflineDb): Promise<void> {
  const asked = await db.meta.get('persistAsked');
  if (asked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  await db.meta.put({ key: 'persistAsked', value: true });
  try {
    await navigator.storage.persist();
  } catch {
    // Refused or unsupported: the outbox is sent as soon as the network allows either way.
  }
}
