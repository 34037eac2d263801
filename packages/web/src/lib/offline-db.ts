/**
 * What a till keeps in the browser to sell while the network is down (issue 38): the catalogue, customers,
 * settings and open shift as last read, the number blocks the server reserved for the till, the outbox of sales
 * made offline, and the periods it was offline. One database per signed-in user and till, so a cashier never
 * sends another's sales and two tills in one browser never share numbers.
 */
import type {
  CreateSaleRequest,
  Customer,
  NumberBlock,
  NumberBlockKind,
  PosProduct,
  RefundSaleRequest,
  Sale,
  Shift,
  StoreSettings,
} from '@pos/core';
import { Dexie, type EntityTable } from 'dexie';
import { ApiError, CLIENT_ERROR_CODES } from './api';

/** A product as last known, with its place in the till's list (the grid keeps the server's order). */
export interface CachedProduct {
  id: number;
  position: number;
  product: PosProduct;
}

/** A block of numbers and the next one this till has not used yet (`next > block.last`: used up). */
export interface CachedBlock {
  id: number;
  block: NumberBlock;
  next: number;
}

/** A refusal kept with a sale the server would not record, shown to the cashier until it is dealt with. */
export interface OutboxFailure {
  status: number;
  code: string;
  /** The server's own text (Thai), for a code the web has no text of its own for. */
  message: string;
  at: string;
}

/** What every outbox row has: its place, its device-made id, who made it where, and how sending it went. */
interface OutboxRowBase {
  seq?: number;
  offlineId: string;
  /** The user who made it: only they send it (their session records it as theirs). */
  userId: number;
  tillId: number;
  /** The number printed: the receipt's, or the credit note's (null for the refund of a sale without VAT). */
  documentNumber: string | null;
  createdAt: string;
  /** Baht, for the badge's list: the sale's total, or the money a refund gave back. */
  total: number;
  status: 'pending' | 'failed';
  failure: OutboxFailure | null;
  attempts: number;
}

/** A sale made offline, waiting to be sent (in `seq` order) with POST /api/sales. */
export interface SaleOutboxRow extends OutboxRowBase {
  /** Rows written before refunds could be made offline have no kind: they are sales. */
  kind?: 'sale';
  /** The full POST /api/sales body: offlineId, createdAt, documentNumber, syncedAt and pricing included. */
  body: CreateSaleRequest;
  documentNumber: string;
}

/**
 * A refund made offline, sent with POST /api/sales/:id/refund after everything made before it (the sale it
 * refunds included, when that was made offline too: its id is known once it is sent).
 */
export interface RefundOutboxRow extends OutboxRowBase {
  kind: 'refund';
  /** The full refund body: offlineId, createdAt, documentNumber (its credit note's) and refundAmount included. */
  body: RefundSaleRequest;
  /** The sale's id on the server, or null while the sale itself waits in the outbox (then `saleOfflineId`). */
  saleId: number | null;
  saleOfflineId: string | null;
  saleDocumentNumber: string;
  /** What went back on the shelf, for the till's stock until the server's is read again. */
  returned: { productId: number; variantId: number | null; quantity: number }[];
}

export type OutboxRow = SaleOutboxRow | RefundOutboxRow;

export const isRefundRow = (row: OutboxRow): row is RefundOutboxRow => row.kind === 'refund';

/**
 * A sale of this till as the till last knew it (issue 38): the server's, read while online or answered when sold,
 * or one made offline (id 0 until sent; `offlineId` then names it). Refunds made offline change it here too.
 */
export interface CachedSale {
  /** The document number it was printed with. */
  key: string;
  sale: Sale;
  offlineId: string | null;
  madeAt: string;
}

/** A sale made offline and since recorded by the server: its id there, for a refund of it made offline. */
export interface SentSale {
  offlineId: string;
  saleId: number;
}

/** A sale the server recorded under another number than the one printed (its answer was lost the first time). */
export interface RenumberedSale {
  offlineId: string;
  printed: string;
  recorded: string;
  saleId: number;
  at: string;
}

/** A stretch of time the till was offline, sent with POST /api/offline/periods once it is back. */
export interface OfflinePeriodRow {
  periodId: string;
  tillId: number | null;
  startedAt: string;
  endedAt: string | null;
  salesMade: number;
  /** The server has this version of the period (false again after any change). */
  sent: boolean;
}

/** One-of-a-kind values, by key. */
export interface MetaRow {
  key: MetaKey;
  value: unknown;
}

export type MetaKey = 'settings' | 'shift' | 'till' | 'syncedAt' | 'refreshedAt' | 'persistAsked';

export type OfflineDb = Dexie & {
  products: EntityTable<CachedProduct, 'id'>;
  customers: EntityTable<Customer, 'id'>;
  blocks: EntityTable<CachedBlock, 'id'>;
  outbox: EntityTable<OutboxRow, 'seq'>;
  renumbered: EntityTable<RenumberedSale, 'offlineId'>;
  periods: EntityTable<OfflinePeriodRow, 'periodId'>;
  meta: EntityTable<MetaRow, 'key'>;
  sales: EntityTable<CachedSale, 'key'>;
  sentSales: EntityTable<SentSale, 'offlineId'>;
};

const DB_PREFIX = 'pos-offline';

/** The database name of a user at a till (till 0: the shop has no tills, nothing is sold offline then). */
export function offlineDbName(userId: number, tillId: number | null): string {
  return `${DB_PREFIX}-u${userId}-t${tillId ?? 0}`;
}

/** The user and till a database name belongs to, or null for another database. */
export function parseOfflineDbName(name: string): { userId: number; tillId: number } | null {
  const match = /^pos-offline-u(\d+)-t(\d+)$/.exec(name);
  return match ? { userId: Number(match[1]), tillId: Number(match[2]) } : null;
}

const open = new Map<string, OfflineDb>();

/** The (one, shared) database of this user at this till. */
export function offlineDb(userId: number, tillId: number | null): OfflineDb {
  const name = offlineDbName(userId, tillId);
  const known = open.get(name);
  if (known) return known;
  const db = new Dexie(name) as OfflineDb;
  db.version(1).stores({
    products: 'id,position',
    customers: 'id',
    blocks: 'id',
    outbox: '++seq,&offlineId,userId,status',
    renumbered: 'offlineId',
    periods: 'periodId',
    meta: 'key',
  });
  // Refunds made offline: the till's recent sales, and the ids its offline sales got once sent.
  db.version(2).stores({ sales: 'key,madeAt', sentSales: 'offlineId' });
  open.set(name, db);
  return db;
}

/** Every offline database in this browser, by user and till (for sales of other users, and other tills). */
export async function offlineDbsOnDevice(): Promise<{ userId: number; tillId: number }[]> {
  const names = await Dexie.getDatabaseNames();
  return names.map(parseOfflineDbName).filter((n): n is { userId: number; tillId: number } => n !== null);
}

/** Closes and forgets the open databases (tests start afresh). */
export function closeOfflineDbs(): void {
  for (const db of open.values()) db.close();
  open.clear();
}

export async function readMeta<T>(db: OfflineDb, key: MetaKey): Promise<T | undefined> {
  const row = await db.meta.get(key);
  return row?.value as T | undefined;
}

/** What the till knows to sell offline. */
export interface OfflineSnapshot {
  products: PosProduct[];
  customers: Customer[];
  settings: StoreSettings | undefined;
  shift: Shift | null;
  syncedAt: string | undefined;
  blocks: CachedBlock[];
}

export async function readSnapshot(db: OfflineDb): Promise<OfflineSnapshot> {
  return db.transaction('r', [db.products, db.customers, db.meta, db.blocks], async () => {
    const products = await db.products.orderBy('position').toArray();
    return {
      products: products.map((p) => p.product),
      customers: await db.customers.toArray(),
      settings: await readMeta<StoreSettings>(db, 'settings'),
      shift: (await readMeta<Shift | null>(db, 'shift')) ?? null,
      syncedAt: await readMeta<string>(db, 'syncedAt'),
      blocks: (await db.blocks.toArray()).sort((a, b) => a.id - b.id),
    };
  });
}

/** How many numbers the till has left in its blocks of one kind (receipts unless told). */
export function numbersLeft(blocks: readonly CachedBlock[], kind: NumberBlockKind = 'receipt'): number {
  return blocks
    .filter((b) => blockKind(b) === kind)
    .reduce((sum, b) => sum + Math.max(0, b.block.last - b.next + 1), 0);
}

/** Blocks kept before credit notes were reserved too carry no kind: they are receipts. */
export const blockKind = (b: CachedBlock): NumberBlockKind => b.block.kind ?? 'receipt';

/** The database of the stored user at the till this browser chose, or null (signed out, no till). */
function sessionOfflineDb(userId: number | undefined, tillId: number | null): OfflineDb | null {
  return userId !== undefined && tillId !== null ? offlineDb(userId, tillId) : null;
}

/**
 * A read of the till's lists that falls back on the copy kept for selling offline when the server cannot be
 * reached (the app started without a network): the POS opens with what it last knew. Anything else fails as it
 * did, and so does a read with nothing kept.
 */
export async function orKeptCopy<T>(
  read: () => Promise<T>,
  kept: (db: OfflineDb) => Promise<T | undefined>,
  who: { userId: number | undefined; tillId: number | null },
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0 || error.code === CLIENT_ERROR_CODES.aborted) throw error;
    const db = sessionOfflineDb(who.userId, who.tillId);
    const value = db ? await kept(db).catch(() => undefined) : undefined;
    if (value === undefined) throw error;
    return value;
  }
}
