import { SPLIT_PAYMENT } from '@pos/core';
import type { Compilable, Transaction } from 'kysely';
import type { CommitBatch } from '../../db/before-commit';
import type { Db } from '../../db/database';
import type { DbExecutor } from '../../db/executor';
import type {
  DB,
  ReportCustomerDaysTable,
  ReportDaysTable,
  ReportProductDaysTable,
  ReportProductMonthsTable,
} from '../../db/schema';
import { shopDayOf } from '../../calendar/shop-day';
import { daysOf } from '../../calendar/calendar';
import {
  addToRollups,
  rollupStatements,
  type RollupRows,
  clearRollups,
  holdSalesWrites,
  insertProductMonths,
  insertRollupsOf,
  rollupZone,
  salesSpan,
  setRollupZone,
} from './rollups.queries';
import { dayBuckets } from './reports.service';

/** What the rollups need of a sale: its time, method, total and customer. */
export interface RollupSale {
  created_at: string;
  payment_method: string;
  total: number;
  customer_id: number | null;
}

/** Satang paid (or given back) by one method of a split bill. */
export interface RollupPart {
  method: string;
  amount: number;
}

/**
 * The method under which a split bill's order and units are counted: its parts' rows get their money
 * and one order each, and this row takes back the orders counted more than once (1 − parts), so the
 * rows of a day still add up to its orders while each method counts the bills it took part in.
 * Reports leave this row out of the figures per method.
 */
export const SPLIT_ROLLUP = SPLIT_PAYMENT;

/** A line's units (sold, or refunded) under its name, at its price. */
export interface RollupLine {
  product_name: string;
  product_id: number | null;
  price: number;
  quantity: number;
}

/**
 * Changes to the rollups, summed per key before they are written (one upsert per row, and no
 * statement touches a row twice, which PostgreSQL refuses). As a commit batch, the changes of every
 * sale and refund of one commit are summed and written once, just before it.
 */
export class RollupChanges implements CommitBatch<DB> {
  readonly key: string;
  private readonly days = new Map<string, ReportDaysTable>();
  private readonly products = new Map<string, ReportProductDaysTable>();
  private readonly productMonths = new Map<string, ReportProductMonthsTable>();
  private readonly customers = new Map<string, ReportCustomerDaysTable>();

  constructor(private readonly timeZone: string) {
    this.key = `report-rollups|${timeZone}`;
  }

  merge(other: CommitBatch<DB>): void {
    if (!(other instanceof RollupChanges) || other.key !== this.key) {
      throw new Error(`RollupChanges cannot merge ${other.key}`);
    }
    for (const row of other.days.values()) this.addDay(row.day, row.payment_method, row);
    for (const row of other.products.values()) this.addProductRow(this.products, `${row.day}|${row.product_name}`, row);
    for (const row of other.productMonths.values()) {
      this.addProductRow(this.productMonths, `${row.month}|${row.product_name}`, row);
    }
    for (const row of other.customers.values()) this.addCustomer(row.day, row.customer_id, row.orders);
  }

  write(trx: Transaction<DB>): Promise<void> {
    return this.writeTo(trx);
  }

  /** A sale written: its total, one order, its units and lines, its customer; a split bill per part. */
  sale(sale: RollupSale, lines: RollupLine[], parts: RollupPart[] = []): this {
    const day = shopDayOf(sale.created_at, this.timeZone);
    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    if (sale.payment_method === SPLIT_ROLLUP) {
      this.addDay(day, SPLIT_ROLLUP, { orders: 1 - parts.length, units });
      for (const part of parts) this.addDay(day, part.method, { gross: part.amount, orders: 1 });
    } else {
      this.addDay(day, sale.payment_method, { gross: sale.total, orders: 1, units });
    }
    for (const line of lines) this.addProduct(day, line, 1);
    if (sale.customer_id !== null) this.addCustomer(day, sale.customer_id, 1);
    return this;
  }

  /**
   * A refund of `sale` (counted on the day the sale was made): the amount given back, the units
   * returned, and, when it leaves nothing of the sale (`whole`), the order and the customer's visit.
   */
  refund(
    sale: RollupSale,
    refund: { amount: number; whole: boolean; lines: RollupLine[]; parts?: RollupPart[]; saleMethods?: string[] },
  ): this {
    const day = shopDayOf(sale.created_at, this.timeZone);
    const units = refund.lines.reduce((sum, l) => sum + l.quantity, 0);
    if (sale.payment_method === SPLIT_ROLLUP) {
      // Undoes what sale() counted: the split row's correction and each part's order.
      const saleMethods = refund.saleMethods ?? [];
      this.addDay(day, SPLIT_ROLLUP, { refunds: 1, orders: refund.whole ? saleMethods.length - 1 : 0, units: -units });
      for (const part of refund.parts ?? []) this.addDay(day, part.method, { refunded: part.amount });
      if (refund.whole) for (const method of saleMethods) this.addDay(day, method, { orders: -1 });
    } else {
      this.addDay(day, sale.payment_method, {
        refunded: refund.amount,
        refunds: 1,
        orders: refund.whole ? -1 : 0,
        units: -units,
      });
    }
    for (const line of refund.lines) this.addProduct(day, line, -1);
    if (refund.whole && sale.customer_id !== null) this.addCustomer(day, sale.customer_id, -1);
    return this;
  }

  /**
   * Rows in key order, table after table: every sale and refund locks rollup rows in one order, so two of
   * them adding to the same rows wait for each other instead of deadlocking on PostgreSQL.
   */
  async writeTo(db: DbExecutor): Promise<void> {
    await addToRollups(db, this.rows());
  }

  statements(trx: Transaction<DB>): Compilable<unknown>[] | undefined {
    return rollupStatements(trx, this.rows());
  }

  private rows(): RollupRows {
    return {
      days: inKeyOrder(this.days),
      products: inKeyOrder(this.products),
      productMonths: inKeyOrder(this.productMonths),
      customers: inKeyOrder(this.customers),
    };
  }

  private addDay(day: string, method: string, change: Partial<Omit<ReportDaysTable, 'day' | 'payment_method'>>) {
    const key = `${day}|${method}`;
    const row = this.days.get(key) ?? {
      day,
      payment_method: method,
      gross: 0,
      orders: 0,
      refunded: 0,
      refunds: 0,
      units: 0,
    };
    row.gross += change.gross ?? 0;
    row.orders += change.orders ?? 0;
    row.refunded += change.refunded ?? 0;
    row.refunds += change.refunds ?? 0;
    row.units += change.units ?? 0;
    this.days.set(key, row);
  }

  private addProduct(day: string, line: RollupLine, sign: 1 | -1) {
    const change = {
      product_name: line.product_name,
      product_id: line.product_id,
      quantity: sign * line.quantity,
      revenue: sign * line.price * line.quantity,
    };
    this.addProductRow(this.products, `${day}|${line.product_name}`, { day, ...change });
    this.addProductRow(this.productMonths, `${day.slice(0, 7)}|${line.product_name}`, {
      month: day.slice(0, 7),
      ...change,
    });
  }

  /** Adds units and revenue to a product's row; the row keeps the highest product id seen under its name. */
  private addProductRow<Row extends ReportProductDaysTable | ReportProductMonthsTable>(
    rows: Map<string, Row>,
    key: string,
    change: Row,
  ) {
    const row = rows.get(key);
    if (!row) {
      rows.set(key, { ...change });
      return;
    }
    row.quantity += change.quantity;
    row.revenue += change.revenue;
    if (change.product_id !== null && (row.product_id === null || change.product_id > row.product_id)) {
      row.product_id = change.product_id;
    }
  }

  private addCustomer(day: string, customerId: number, orders: number) {
    const key = `${day}|${customerId}`;
    const row = this.customers.get(key) ?? { day, customer_id: customerId, orders: 0 };
    row.orders += orders;
    this.customers.set(key, row);
  }
}

/** Days per rebuild statement: bounds the statement's size, whatever the span of the sales. */
const REBUILD_DAYS = 200;

/** Empties the rollups and computes them again from every sale and refund, keyed in `timeZone`. */
export async function rebuildReportRollups(db: DbExecutor, timeZone: string): Promise<void> {
  await clearRollups(db);
  const span = await salesSpan(db);
  if (span) {
    const days = daysOf(shopDayOf(span.first, timeZone), shopDayOf(span.last, timeZone));
    for (let i = 0; i < days.length; i += REBUILD_DAYS) {
      await insertRollupsOf(db, dayBuckets(days.slice(i, i + REBUILD_DAYS), timeZone));
    }
    await insertProductMonths(db);
  }
  await setRollupZone(db, timeZone);
}

/**
 * Makes the rollups' days the configured zone's, before the server answers anything: built from the
 * sales on the first start after the migration, rebuilt when `SHOP_TIMEZONE` has changed (a day
 * keyed in another zone would put evening sales on the wrong date). True when it rebuilt.
 */
export async function syncReportRollups(db: Db, timeZone: string): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    // Locked: of several processes starting at once, one rebuilds and the others find it done.
    if ((await rollupZone(trx)) === timeZone) return false;
    if (db.engine === 'postgres') await holdSalesWrites(trx);
    await rebuildReportRollups(trx, timeZone);
    return true;
  });
}

function inKeyOrder<T>(rows: Map<string, T>): T[] {
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
