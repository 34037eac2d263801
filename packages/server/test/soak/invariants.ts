import { bahtToSatang } from '@pos/core';
import Database from 'better-sqlite3';
import path from 'node:path';
import type { Db } from '../../src/db/database';
import type { Ledger, RefundOp, SaleOp, Shop } from './shop-load';

/** The shop's figures before the load: what every later figure is reconciled against. */
export interface ShopSnapshot {
  stock: Map<number, number>;
  movements: Map<number, number>;
  points: Map<number, number>;
  spent: Map<number, number>;
}

const sumsBy = (rows: { id: number | null; total: unknown }[]) =>
  new Map(rows.filter((r) => r.id !== null).map((r) => [r.id!, Number(r.total)]));

async function movementSums(db: Db) {
  return sumsBy(
    await db.kysely
      .selectFrom('stock_movements')
      .select(['product_id as id', (eb) => eb.fn.sum<number>('delta').as('total')])
      .groupBy('product_id')
      .execute(),
  );
}

export async function snapshotShop(db: Db, shop: Shop): Promise<ShopSnapshot> {
  const products = await db.kysely
    .selectFrom('products')
    .select(['id', 'stock'])
    .where(
      'id',
      'in',
      shop.products.map((p) => p.id),
    )
    .execute();
  const customers = await db.kysely.selectFrom('customers').select(['id', 'loyalty_points', 'total_spent']).execute();
  return {
    stock: new Map(products.map((p) => [p.id, p.stock])),
    movements: await movementSums(db),
    points: new Map(customers.map((c) => [c.id, c.loyalty_points])),
    spent: new Map(customers.map((c) => [c.id, c.total_spent])),
  };
}

/** Document numbers per series (`R2569`, `CN2569`): each once, and 1..n with no gap. */
function gaplessProblems(numbers: string[], what: string): string[] {
  const problems: string[] = [];
  const series = new Map<string, number[]>();
  for (const number of numbers) {
    const match = /^([A-Z]+\d{4})-(\d{6})$/.exec(number);
    if (!match) {
      problems.push(`${what} ${number}: not a document number`);
      continue;
    }
    series.set(match[1]!, [...(series.get(match[1]!) ?? []), Number(match[2])]);
  }
  for (const [prefix, list] of series) {
    const sorted = [...list].sort((a, b) => a - b);
    sorted.forEach((n, i) => {
      if (n !== i + 1) problems.push(`${what} ${prefix}: found ${n} where ${i + 1} belongs (duplicate or gap)`);
    });
  }
  return problems.slice(0, 20);
}

/**
 * Every invariant of a shop after a load, as a list of what is wrong (empty: all hold).
 *
 * - no product below zero; per product, stock at start − units sold + units refunded = stock now = stock at
 *   start + its stock movements since;
 * - each sale's and refund's stock movements match its lines; no line refunded beyond what was sold; each
 *   sale's status says what was refunded;
 * - document and credit-note numbers unique and gapless;
 * - each customer's points and amount spent = start + the sum over their sales and refunds;
 * - `exact`: the sales and refunds in the database are exactly those the clients saw acknowledged, each
 *   once, as answered. `subset` (a backup, a point in time): each one in it is one a client saw
 *   acknowledged, as answered. `internal`: the shop's own figures only (a long run keeps no ledger).
 */
export async function shopProblems(
  db: Db,
  start: ShopSnapshot,
  ledger: Ledger,
  mode: 'exact' | 'subset' | 'internal',
): Promise<string[]> {
  const problems: string[] = [];
  const k = db.kysely;

  // Stock.
  const productIds = [...start.stock.keys()];
  const stockNow = new Map(
    (await k.selectFrom('products').select(['id', 'stock']).where('id', 'in', productIds).execute()).map((p) => [
      p.id,
      p.stock,
    ]),
  );
  const sold = sumsBy(
    await k
      .selectFrom('sale_items')
      .select(['product_id as id', (eb) => eb.fn.sum<number>('quantity').as('total')])
      .groupBy('product_id')
      .execute(),
  );
  const refunded = sumsBy(
    await k
      .selectFrom('refund_items')
      .innerJoin('sale_items', 'sale_items.id', 'refund_items.sale_item_id')
      .select(['sale_items.product_id as id', (eb) => eb.fn.sum<number>('refund_items.quantity').as('total')])
      .groupBy('sale_items.product_id')
      .execute(),
  );
  const moved = await movementSums(db);
  for (const id of productIds) {
    const now = stockNow.get(id) ?? NaN;
    const expected = start.stock.get(id)! - (sold.get(id) ?? 0) + (refunded.get(id) ?? 0);
    const byMovements = start.stock.get(id)! + (moved.get(id) ?? 0) - (start.movements.get(id) ?? 0);
    if (now < 0) problems.push(`product ${id}: stock ${now} below zero`);
    if (now !== expected) problems.push(`product ${id}: stock ${now}, start − sold + refunded = ${expected}`);
    if (now !== byMovements) problems.push(`product ${id}: stock ${now}, start + movements = ${byMovements}`);
  }

  // A style's figure is its variants' stock and its unassigned stock; none of them below zero.
  const styles = await k
    .selectFrom('products as p')
    .select((eb) => [
      'p.id',
      'p.stock',
      'p.unassigned_stock',
      eb
        .selectFrom('product_variants as v')
        .select((v) => v.fn.coalesce(v.fn.sum<number>('v.stock'), v.lit(0)).as('n'))
        .whereRef('v.product_id', '=', 'p.id')
        .as('variants'),
      eb
        .selectFrom('product_variants as v')
        .select((v) => v.fn.coalesce(v.fn.min<number>('v.stock'), v.lit(0)).as('n'))
        .whereRef('v.product_id', '=', 'p.id')
        .as('lowest'),
    ])
    .where('p.id', 'in', productIds)
    .execute();
  for (const style of styles) {
    const sum = Number(style.variants) + Number(style.unassigned_stock);
    if (Number(style.stock) !== sum)
      problems.push(`product ${style.id}: stock ${style.stock}, variants + unassigned = ${sum}`);
    if (Number(style.lowest) < 0 || Number(style.unassigned_stock) < 0) {
      problems.push(
        `product ${style.id}: a variant (${style.lowest}) or the unassigned stock (${style.unassigned_stock}) below zero`,
      );
    }
  }

  // Sales, their lines, refunds and movements.
  const sales = await k
    .selectFrom('sales')
    .select(['id', 'document_number', 'notes', 'status', 'total', 'customer_id', 'points_used', 'points_earned'])
    .execute();
  const items = await k.selectFrom('sale_items').select(['id', 'sale_id', 'product_id', 'quantity']).execute();
  const refunds = await k
    .selectFrom('refunds')
    .select(['id', 'sale_id', 'credit_note_number', 'amount', 'points_taken_back', 'points_returned'])
    .execute();
  const refundItems = await k.selectFrom('refund_items').select(['sale_item_id', 'quantity', 'refund_id']).execute();
  const movements = await k
    .selectFrom('stock_movements')
    .select(['sale_id', 'product_id', 'kind', (eb) => eb.fn.sum<number>('delta').as('delta')])
    .where('sale_id', 'is not', null)
    .groupBy(['sale_id', 'product_id', 'kind'])
    .execute();
  const movementOf = new Map(movements.map((m) => [`${m.sale_id} ${m.product_id} ${m.kind}`, Number(m.delta)]));
  const refundedOfItem = new Map<number, number>();
  for (const r of refundItems)
    refundedOfItem.set(r.sale_item_id, (refundedOfItem.get(r.sale_item_id) ?? 0) + r.quantity);

  const itemsOf = new Map<number, typeof items>();
  for (const item of items) itemsOf.set(item.sale_id, [...(itemsOf.get(item.sale_id) ?? []), item]);
  for (const sale of sales) {
    const lines = itemsOf.get(sale.id) ?? [];
    const perProduct = new Map<number, { sold: number; back: number }>();
    let left = 0;
    let back = 0;
    for (const line of lines) {
      const refundedUnits = refundedOfItem.get(line.id) ?? 0;
      if (refundedUnits > line.quantity)
        problems.push(`sale ${sale.id} line ${line.id}: refunded ${refundedUnits} of ${line.quantity}`);
      left += line.quantity - refundedUnits;
      back += refundedUnits;
      if (line.product_id === null) continue;
      const p = perProduct.get(line.product_id) ?? { sold: 0, back: 0 };
      perProduct.set(line.product_id, { sold: p.sold + line.quantity, back: p.back + refundedUnits });
    }
    const status = back === 0 ? 'completed' : left === 0 ? 'refunded' : 'partially_refunded';
    if (sale.status !== status) problems.push(`sale ${sale.id}: status ${sale.status}, its lines say ${status}`);
    for (const [productId, units] of perProduct) {
      const saleMove = movementOf.get(`${sale.id} ${productId} sale`) ?? 0;
      const refundMove = movementOf.get(`${sale.id} ${productId} refund`) ?? 0;
      if (saleMove !== -units.sold)
        problems.push(`sale ${sale.id} product ${productId}: sold ${units.sold}, moved ${saleMove}`);
      if (refundMove !== units.back)
        problems.push(`sale ${sale.id} product ${productId}: refunded ${units.back}, moved ${refundMove}`);
    }
  }
  problems.push(
    ...gaplessProblems(
      sales.map((s) => s.document_number),
      'document number',
    ),
  );
  problems.push(
    ...gaplessProblems(
      refunds.flatMap((r) => (r.credit_note_number ? [r.credit_note_number] : [])),
      'credit note',
    ),
  );

  // What the clients saw against what the database holds (a long run keeps no ledger: `internal`).
  if (mode !== 'internal') problems.push(...ledgerProblems(sales, refunds, ledger, mode));
  problems.push(
    ...customerProblems(
      start,
      sales,
      refunds,
      await k.selectFrom('customers').select(['id', 'loyalty_points', 'total_spent']).execute(),
    ),
  );
  return problems;
}

type SaleRow = {
  id: number;
  document_number: string;
  notes: string | null;
  total: number;
  customer_id: number | null;
  points_used: number;
  points_earned: number;
};
type RefundRow = {
  id: number;
  sale_id: number;
  credit_note_number: string | null;
  amount: number;
  points_taken_back: number;
  points_returned: number;
};

function ledgerProblems(sales: SaleRow[], refunds: RefundRow[], ledger: Ledger, mode: 'exact' | 'subset'): string[] {
  const problems: string[] = [];
  const saleOps = new Map(ledger.ops.filter((op): op is SaleOp => op.kind === 'sale').map((op) => [op.key, op]));
  const salesByKey = new Map<string, typeof sales>();
  for (const sale of sales) salesByKey.set(sale.notes ?? '', [...(salesByKey.get(sale.notes ?? '') ?? []), sale]);
  for (const [key, recorded] of salesByKey) {
    const op = saleOps.get(key);
    if (recorded.length > 1) problems.push(`key ${key}: ${recorded.length} sales`);
    if (!op || op.outcome !== 'acked') {
      problems.push(
        `sale ${recorded[0]!.id} (${key}): in the database, never acknowledged (${op?.outcome ?? 'unknown'})`,
      );
    } else if (
      op.answer!.sale.id !== recorded[0]!.id ||
      op.answer!.sale.document_number !== recorded[0]!.document_number ||
      bahtToSatang(op.answer!.sale.total) !== recorded[0]!.total
    ) {
      problems.push(`sale ${key}: acknowledged as ${op.answer!.sale.document_number}, stored differently`);
    }
  }
  const refundOps = ledger.ops.filter((op): op is RefundOp => op.kind === 'refund' && op.outcome === 'acked');
  const ackedRefunds = new Map(refundOps.map((op) => [op.answer!.refund.id, op]));
  const refundById = new Map(refunds.map((r) => [r.id, r]));
  for (const refund of refunds) {
    const op = ackedRefunds.get(refund.id);
    if (!op) problems.push(`refund ${refund.id} of sale ${refund.sale_id}: in the database, never acknowledged`);
    else if (
      op.answer!.refund.credit_note_number !== refund.credit_note_number ||
      bahtToSatang(op.answer!.refund.amount) !== refund.amount
    ) {
      problems.push(`refund ${refund.id}: acknowledged differently from what is stored`);
    }
  }
  if (mode === 'exact') {
    for (const op of saleOps.values()) {
      if (op.outcome === 'acked' && !salesByKey.has(op.key)) problems.push(`sale ${op.key}: acknowledged, missing`);
    }
    for (const op of refundOps) {
      if (!refundById.has(op.answer!.refund.id)) problems.push(`refund ${op.answer!.refund.id}: acknowledged, missing`);
    }
  }

  return problems;
}

function customerProblems(
  start: ShopSnapshot,
  sales: SaleRow[],
  refunds: RefundRow[],
  customers: { id: number; loyalty_points: number; total_spent: number }[],
): string[] {
  const problems: string[] = [];
  const saleById = new Map(sales.map((s) => [s.id, s]));
  const points = new Map(start.points);
  const spent = new Map(start.spent);
  for (const sale of sales) {
    if (sale.customer_id === null) continue;
    points.set(sale.customer_id, (points.get(sale.customer_id) ?? 0) + sale.points_earned - sale.points_used);
    spent.set(sale.customer_id, (spent.get(sale.customer_id) ?? 0) + sale.total);
  }
  for (const refund of refunds) {
    const customerId = saleById.get(refund.sale_id)?.customer_id;
    if (customerId == null) continue;
    points.set(customerId, points.get(customerId)! + refund.points_returned - refund.points_taken_back);
    spent.set(customerId, spent.get(customerId)! - refund.amount);
  }
  for (const customer of customers) {
    const wantPoints = points.get(customer.id) ?? customer.loyalty_points;
    const wantSpent = spent.get(customer.id) ?? customer.total_spent;
    if (customer.loyalty_points !== wantPoints) {
      problems.push(`customer ${customer.id}: ${customer.loyalty_points} points, sales and refunds say ${wantPoints}`);
    }
    if (customer.loyalty_points < 0) problems.push(`customer ${customer.id}: points below zero`);
    if (customer.total_spent !== wantSpent) {
      problems.push(`customer ${customer.id}: spent ${customer.total_spent}, sales and refunds say ${wantSpent}`);
    }
  }
  return problems;
}

/** SQLite's own check of the file: `ok`, or what is damaged. */
export function sqliteIntegrity(dataDir: string): string {
  const database = new Database(path.join(dataDir, 'pos.db'), { readonly: true });
  try {
    const rows = database.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    database.close();
  }
}

/** What the load did, for the test's log and docs/operations.md's figures. */
export function ledgerCounts(ledger: Ledger) {
  const count = (kind: string, outcome: string) =>
    ledger.ops.filter((op) => op.kind === kind && op.outcome === outcome).length;
  return {
    sales: count('sale', 'acked'),
    salesRefused: count('sale', 'refused'),
    refunds: count('refund', 'acked'),
    refundsRefused: count('refund', 'refused'),
    unanswered: ledger.ops.filter((op) => op.outcome === 'unanswered').length,
  };
}
