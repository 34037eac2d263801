import { sql, type Compilable, type Transaction } from 'kysely';
import type { CommitBatch } from '../../db/before-commit';
import { compilableOn, isSqlite, type DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';
import type { DB, PaymentsTable, SaleItemsTable } from '../../db/schema';
import { outboxMessageInsert, type OutboxMessage } from '../notifications/notifications.queries';
import { printJobInsert, type PrintJobValues } from '../printing/print-jobs.queries';
import { nextInSeries, seriesAdvance } from '../sale-records/document-counters.queries';
import { stockMovementsInsert, withDeltas, type StockMovementValues } from '../products/products.queries';
import { approvalLinked } from './vat-approvals.queries';
import {
  applySaleToCustomer,
  customerSaleUpdate,
  insertSale,
  insertSaleParts,
  stockTakeCtes,
  writeStockChanges,
  type SaleValues,
  type StockChanges,
  type StockTake,
} from './sales.queries';

/** A counter sale's change to its customer: points used and earned, and what was spent. */
export interface CustomerChange {
  customerId: number;
  pointsUsed: number;
  pointsEarned: number;
  total: number;
  /** The balance this transaction read (SQLite works the new one out from it). */
  balanceRead: number;
}

/**
 * What a counter sale holds once it has its locks: each product's new stock (a product whose variants
 * and unassigned stock fall short of the quantity is missing), the customer's new balance (undefined when it no longer covers the points used),
 * its number in the series, and on PostgreSQL the ids its sale and lines will have (null: given by the
 * inserts).
 */
export type CounterSaleHeld =
  | { short: true; stock: Map<number, number> }
  | {
      short: false;
      stock: Map<number, number>;
      balance: number | undefined;
      sequence: number;
      ids: { saleId: number; itemIds: number[] } | null;
    };

/**
 * A counter sale's locks: its stock, its customer's points and its document number, in that order (as
 * every writer takes them: refunds and card sales too, so none waits on another in a circle).
 *
 * PostgreSQL: in ONE statement, with the ids of the sale and its lines drawn from their sequences, so that
 * everything after it up to the commit is one more statement (see `SaleRows`): a sale holds these rows
 * from its first stock lock to its commit, and every round trip in between made every other till wait
 * (issue 32). Every part of it runs even when a product is short; the caller then refuses the sale and
 * its transaction undoes them. SQLite: one statement after another, stopping at a short product.
 */
export async function holdCounterSale(
  db: DbExecutor,
  a: {
    takes: StockTake[];
    /** The takes worked out from what the transaction read (SQLite: still current, see `isSqlite`). */
    changes: StockChanges;
    customer: CustomerChange | null;
    series: string;
    lines: number;
    now: string;
  },
): Promise<CounterSaleHeld> {
  const styles = new Set(a.takes.map((t) => t.productId)).size;
  if (isSqlite(db) || a.takes.length === 0) {
    if (a.changes.products.size < styles) return { short: true, stock: new Map() };
    await writeStockChanges(db, a.changes, a.now);
    const stock = new Map<number, number>();
    for (const take of a.takes)
      stock.set(take.productId, take.styleStockRead - a.changes.products.get(take.productId)!.quantity);
    const balance = a.customer
      ? await applySaleToCustomer(db, a.customer.customerId, { ...a.customer, now: a.now })
      : undefined;
    return { short: false, stock, balance, sequence: await nextInSeries(db, a.series), ids: null };
  }
  const takes = [...a.takes].sort((x, y) => x.variantId! - y.variantId!);
  const { rows } = await counterSaleHeld(db, { ...a, takes });
  const row = rows[0]!;
  const stock = new Map(row.stock.map(([id, left]) => [id, left]));
  if (stock.size < styles) return { short: true, stock };
  return {
    short: false,
    stock,
    balance: row.balance ?? undefined,
    sequence: row.sequence,
    ids: { saleId: row.sale_id, itemIds: [...row.item_ids].sort((x, y) => x - y) },
  };
}

interface HeldRow {
  stock: [number, number][];
  balance: number | null;
  sequence: number;
  sale_id: number;
  item_ids: number[];
}

/**
 * The scalar subqueries run left to right, each its data-modifying WITH query: variants and products (all
 * of the sale's rows locked in id order first, see `stockTakeCtes`), then the customer, then the counter
 * (`counter-sale-lock-order.test.ts` holds PostgreSQL to that order). Branches on the customer's presence
 * and the number of takes only.
 */
const counterSaleHeld = prepared(
  (db, a: { takes: StockTake[]; customer: CustomerChange | null; series: string; lines: number; now: string }) => {
    // The same statements as each of them alone (sales.queries), as WITH queries of one.
    const taken = stockTakeCtes({ takes: a.takes, now: a.now });
    const c = a.customer;
    const customer = c
      ? sql`, customer as (${customerSaleUpdate(db, { customerId: c.customerId, change: { ...c, now: a.now } })})`
      : sql``;
    const balance = c ? sql`(select loyalty_points from customer)` : sql`null::integer`;
    const statement = sql<HeldRow>`with ${taken}${customer},
      counter as (${seriesAdvance(db, { series: a.series })})
      select (select coalesce(json_agg(json_build_array(id, stock)), '[]'::json) from taken) as stock,
        ${balance} as balance,
        (select value from counter) as sequence,
        nextval(pg_get_serial_sequence('sales', 'id'))::integer as sale_id,
        array(select nextval(pg_get_serial_sequence('sale_items', 'id'))::integer
          from generate_series(1, ${a.lines}::integer)) as item_ids`;
    return compilableOn(db, statement);
  },
);

/** A sale's rows: the sale, its lines, payments and stock movements, and what goes with them. */
export interface SaleRowValues {
  sale: SaleValues;
  items: Omit<SaleItemsTable, 'id' | 'sale_id'>[];
  payments: Omit<PaymentsTable, 'id' | 'sale_id'>[];
  movements: Omit<StockMovementValues, 'sale_id'>[];
  /** The VAT-exclusion approval the sale used (its token's hash). */
  approvalTokenHash: string | null;
  /** The LINE message to queue for it. */
  notification: Omit<OutboxMessage, 'sale_id'> | null;
  /** The receipt to print on its till's network printer. */
  printJob: Omit<PrintJobValues, 'sale_id'> | null;
}

/**
 * Writes a sale's rows; answers the ids of the sale and its lines (in the order of `items`). With `ids`
 * (drawn by `holdCounterSale` on PostgreSQL), they are left for just before the commit, where they go in
 * one statement with the Idempotency-Key's answer and the report rollups (see `BeforeCommit`); otherwise
 * they are written now.
 */
export async function writeSaleRows(
  db: DbExecutor,
  beforeCommit: { add(batch: CommitBatch<DB>): void },
  rows: SaleRowValues,
  ids: { saleId: number; itemIds: number[] } | null,
): Promise<{ saleId: number; itemIds: number[] }> {
  if (ids) {
    beforeCommit.add(new SaleRows(ids, rows));
    return ids;
  }
  const saleId = await insertSale(db, rows.sale);
  if (rows.approvalTokenHash) await approvalLinked(db, rows.approvalTokenHash, saleId).execute();
  const itemIds = await insertSaleParts(db, {
    items: rows.items.map((row) => ({ sale_id: saleId, ...row })),
    payments: rows.payments.map((row) => ({ sale_id: saleId, ...row })),
    movements: rows.movements.map((row) => ({ sale_id: saleId, ...row })),
  });
  if (rows.notification) await outboxMessageInsert(db, { sale_id: saleId, ...rows.notification }).execute();
  if (rows.printJob) await printJobInsert(db, { sale_id: saleId, ...rows.printJob }).execute();
  return { saleId, itemIds };
}

/** PostgreSQL: a counter sale's rows, with the ids drawn for them, written just before its commit. */
class SaleRows implements CommitBatch<DB> {
  readonly key: string;

  constructor(
    private readonly ids: { saleId: number; itemIds: number[] },
    private readonly rows: SaleRowValues,
  ) {
    this.key = `sale-rows|${ids.saleId}`;
  }

  merge(): void {
    throw new Error(`${this.key} is written once`);
  }

  async write(trx: Transaction<DB>): Promise<void> {
    for (const statement of this.statements(trx)) await trx.executeQuery(statement.compile());
  }

  /** The sale first: the other rows refer to it (checked at the end of the statement). */
  statements(trx: Transaction<DB>): Compilable<unknown>[] {
    const { saleId, itemIds } = this.ids;
    const { sale, items, payments, movements, approvalTokenHash, notification, printJob } = this.rows;
    return [
      trx.insertInto('sales').values({ id: saleId, ...sale }),
      trx.insertInto('sale_items').values(items.map((row, i) => ({ id: itemIds[i]!, sale_id: saleId, ...row }))),
      ...(payments.length > 0
        ? [trx.insertInto('payments').values(payments.map((row) => ({ sale_id: saleId, ...row })))]
        : []),
      ...(movements.length > 0
        ? [stockMovementsInsert(trx, withDeltas(movements.map((row) => ({ sale_id: saleId, ...row }))))]
        : []),
      ...(approvalTokenHash ? [approvalLinked(trx, approvalTokenHash, saleId)] : []),
      ...(notification ? [outboxMessageInsert(trx, { sale_id: saleId, ...notification })] : []),
      ...(printJob ? [printJobInsert(trx, { sale_id: saleId, ...printJob })] : []),
    ];
  }
}
