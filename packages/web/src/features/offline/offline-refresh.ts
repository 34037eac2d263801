/**
 * Refreshing what the till keeps for selling offline (issue 38), while it is online: the server's clock first (the
 * catalogue is "synced at" it, so a price changed after it is one the server allows), then the catalogue,
 * customers, settings and the open shift, and a new block of numbers when fewer than 50 are left.
 */
import {
  CreateSaleRequest,
  CUSTOMER_LIST_LIMIT_MAX,
  NumberBlockResponse,
  OfflineStateResponse,
  type Customer,
  type NumberBlock,
  type PosProduct,
  type Shift,
  type StoreSettings,
  type Till,
} from '@pos/core';
import { api } from '../../lib/api';
import { numbersLeft, type CachedBlock, type OfflineDb, type OutboxRow } from '../../lib/offline-db';
import { readCustomersPayload } from '../customers/customers-payload';
import { posApi } from '../pos/pos.queries';
import { shiftsApi } from '../shifts/shifts.queries';

/** Fewer numbers left than this: another block is reserved while the network is there. */
export const BLOCK_LOW_WATER = 50;

export const offlineApi = {
  state: (tillId: number) => api.get(`/offline/state?tillId=${tillId}`, { schema: OfflineStateResponse }),
  reserveBlock: (tillId: number) =>
    api.post('/offline/number-blocks', { tillId }, { schema: NumberBlockResponse }).then((r) => r.block),
};

export interface RefreshSources {
  state: (tillId: number) => Promise<{ serverTime: string; blocks: NumberBlock[] }>;
  products: () => Promise<PosProduct[]>;
  customers: () => Promise<Customer[]>;
  settings: () => Promise<StoreSettings>;
  shift: (tillId: number) => Promise<Shift | null>;
  till: (tillId: number) => Promise<Till | null>;
  reserveBlock: (tillId: number) => Promise<NumberBlock>;
}

/** The API's answers; the settings as the POS's queries cache them (passed in by the caller). */
export function apiSources(settings: () => Promise<StoreSettings>): RefreshSources {
  return {
    state: offlineApi.state,
    products: () => posApi.products(),
    customers: () => api.get<unknown>(`/customers?limit=${CUSTOMER_LIST_LIMIT_MAX}`).then(readCustomersPayload),
    settings,
    shift: (tillId) => shiftsApi.current(tillId).then((r) => r.shift),
    till: (tillId) => shiftsApi.tills().then((r) => r.tills.find((t) => t.id === tillId) ?? null),
    reserveBlock: offlineApi.reserveBlock,
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
  for (const row of pending) {
    const sale = CreateSaleRequest.parse(row.body);
    for (const item of sale.items) {
      const product = byProduct.get(item.productId);
      if (!product) continue;
      byProduct.set(product.id, {
        ...product,
        stock: product.stock - item.quantity,
        variants: product.variants.map((v) =>
          item.variantId != null && v.id === item.variantId ? { ...v, stock: v.stock - item.quantity } : v,
        ),
      });
    }
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

/** Reads everything afresh and writes it in one transaction; reserves numbers when few are left. */
export async function refreshOfflineCache(db: OfflineDb, tillId: number, sources: RefreshSources): Promise<void> {
  // The clock first: whatever the catalogue says was true at or after this moment.
  const state = await sources.state(tillId);
  const [products, customers, settings, shift, till] = await Promise.all([
    sources.products(),
    sources.customers(),
    sources.settings(),
    sources.shift(tillId),
    sources.till(tillId),
  ]);
  await db.transaction('rw', [db.products, db.customers, db.meta, db.blocks, db.outbox], async () => {
    const pending = await db.outbox.toArray();
    const lists = applyPending(products, customers, pending);
    await db.products.clear();
    await db.products.bulkPut(lists.products.map((product, position) => ({ id: product.id, position, product })));
    await db.customers.clear();
    await db.customers.bulkPut(lists.customers);
    const blocks = mergeBlocks(await db.blocks.toArray(), state.blocks);
    await db.blocks.clear();
    await db.blocks.bulkPut(blocks);
    await db.meta.bulkPut([
      { key: 'settings', value: settings },
      { key: 'shift', value: shift },
      { key: 'till', value: till },
      { key: 'syncedAt', value: state.serverTime },
      { key: 'refreshedAt', value: new Date().toISOString() },
    ]);
  });
  if (numbersLeft(await db.blocks.toArray()) < BLOCK_LOW_WATER) {
    const block = await sources.reserveBlock(tillId);
    await db.blocks.put({ id: block.id, block, next: block.first + block.used });
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
