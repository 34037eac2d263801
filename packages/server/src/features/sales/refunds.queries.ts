import type { DbExecutor } from '../../db/executor';
import type { RefundsTable } from '../../db/schema';

/** The sale's figures a refund needs; `lock` holds the row so refunds of one sale queue up. */
export function findSaleForRefund(db: DbExecutor, id: number) {
  return db
    .selectFrom('sales')
    .select([
      'id',
      'document_number',
      'status',
      'customer_id',
      'subtotal',
      'tax',
      'total',
      'points_used',
      'points_earned',
      'exclude_vat',
      'tax_rate_bp',
      'created_at',
      'payment_method',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Each line of the sale with how many of it earlier refunds returned. */
export async function findLinesForRefund(db: DbExecutor, saleId: number) {
  const [lines, refunded] = await Promise.all([
    db
      .selectFrom('sale_items')
      .select(['id', 'product_id', 'variant_id', 'product_name', 'price', 'quantity', 'line_total'])
      .where('sale_id', '=', saleId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('refund_items')
      .innerJoin('refunds', 'refunds.id', 'refund_items.refund_id')
      .select(['refund_items.sale_item_id', (eb) => eb.fn.sum<number>('refund_items.quantity').as('quantity')])
      .where('refunds.sale_id', '=', saleId)
      .groupBy('refund_items.sale_item_id')
      .execute(),
  ]);
  const done = new Map(refunded.map((r) => [r.sale_item_id, Number(r.quantity)]));
  return lines.map((line) => ({ ...line, refunded: done.get(line.id) ?? 0 }));
}

/** What earlier refunds of the sale gave back, in satang (amount and VAT) and points. */
export async function refundedSoFar(db: DbExecutor, saleId: number) {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'),
      eb.fn.coalesce(eb.fn.sum<number>('points_taken_back'), eb.lit(0)).as('taken'),
      eb.fn.coalesce(eb.fn.sum<number>('points_shortfall'), eb.lit(0)).as('shortfall'),
      eb.fn.coalesce(eb.fn.sum<number>('points_returned'), eb.lit(0)).as('returned'),
      eb.fn.coalesce(eb.fn.sum<number>('vat'), eb.lit(0)).as('vat'),
    ])
    .where('sale_id', '=', saleId)
    .executeTakeFirstOrThrow();
  return {
    amount: Number(row.amount),
    pointsDue: Number(row.taken) + Number(row.shortfall),
    pointsReturned: Number(row.returned),
    vat: Number(row.vat),
  };
}

export async function insertRefund(
  db: DbExecutor,
  values: Omit<RefundsTable, 'id' | 'points_taken_back' | 'points_returned' | 'points_shortfall' | 'vat'> & {
    points_taken_back: number;
    points_returned: number;
    points_shortfall: number;
    vat: number;
  },
): Promise<number> {
  const row = await db.insertInto('refunds').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRefundItems(
  db: DbExecutor,
  rows: { refund_id: number; sale_item_id: number; quantity: number; amount: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('refund_items').values(rows).execute();
}

/** Puts units back on a variant's shelf; false when the variant row is gone. */
export async function returnVariantStock(
  db: DbExecutor,
  variantId: number,
  quantity: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', quantity), updated_at: now }))
    .where('id', '=', variantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Puts units back on a style's figure, `unassigned` of them on its unassigned stock (those whose variant
 * is unknown); answers the new stock, or undefined when the product row is gone.
 */
export async function returnStock(
  db: DbExecutor,
  a: { productId: number; quantity: number; unassigned: number; now: string },
): Promise<number | undefined> {
  const row = await db
    .updateTable('products')
    .set((eb) => ({
      stock: eb('stock', '+', a.quantity),
      unassigned_stock: eb('unassigned_stock', '+', a.unassigned),
      updated_at: a.now,
    }))
    .where('id', '=', a.productId)
    .returning('stock')
    .executeTakeFirst();
  return row?.stock;
}

export async function setSaleStatus(db: DbExecutor, saleId: number, status: string): Promise<void> {
  await db.updateTable('sales').set({ status }).where('id', '=', saleId).execute();
}

/** The customer's balance and totals, held for the transaction (hidden customers too: their sales stay). */
export function findCustomerForRefund(db: DbExecutor, id: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'address', 'loyalty_points', 'total_purchases', 'total_spent'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setCustomerFigures(
  db: DbExecutor,
  id: number,
  values: { loyalty_points: number; total_purchases: number; total_spent: number; updated_at: string },
): Promise<void> {
  await db.updateTable('customers').set(values).where('id', '=', id).execute();
}

/** The Stripe Checkout Session that took a card sale's money (its payment keeps it); null without one. */
export async function findCardSession(db: DbExecutor, saleId: number): Promise<string | null> {
  const row = await db
    .selectFrom('payments')
    .select('provider_session_id')
    .where('sale_id', '=', saleId)
    .where('method', '=', 'card')
    .executeTakeFirst();
  return row?.provider_session_id ?? null;
}

/** The sale's card refund between Stripe's call and its record, if any (at most one per sale). */
export function findCardRefundClaim(db: DbExecutor, saleId: number) {
  return db
    .selectFrom('card_refund_claims')
    .select(['id', 'stripe_key', 'request_hash', 'amount', 'created_at'])
    .where('sale_id', '=', saleId)
    .executeTakeFirst();
}

export async function insertCardRefundClaim(
  db: DbExecutor,
  values: {
    sale_id: number;
    stripe_key: string;
    request_hash: string;
    amount: number;
    user_id: number;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('card_refund_claims').values(values).execute();
}

/** Ends a claim: its refund is recorded, or Stripe certainly made none under its key. */
export async function deleteCardRefundClaim(db: DbExecutor, saleId: number, stripeKey: string): Promise<void> {
  await db.deleteFrom('card_refund_claims').where('sale_id', '=', saleId).where('stripe_key', '=', stripeKey).execute();
}

/** The refund that recorded a Stripe refund, if one did. */
export async function findRefundByStripeId(db: DbExecutor, stripeRefundId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('refunds')
    .select('id')
    .where('stripe_refund_id', '=', stripeRefundId)
    .executeTakeFirst();
  return row?.id;
}

/** A split sale's parts with what its refunds gave back through each so far (satang). */
export async function findRefundableParts(db: DbExecutor, saleId: number) {
  const [parts, back] = await Promise.all([
    db.selectFrom('payments').select(['method', 'amount']).where('sale_id', '=', saleId).orderBy('id').execute(),
    db
      .selectFrom('refund_payments')
      .innerJoin('refunds', 'refunds.id', 'refund_payments.refund_id')
      .select(['refund_payments.method', (eb) => eb.fn.sum<number>('refund_payments.amount').as('amount')])
      .where('refunds.sale_id', '=', saleId)
      .groupBy('refund_payments.method')
      .execute(),
  ]);
  const refunded = new Map(back.map((r) => [r.method, Number(r.amount)]));
  return parts.map((p) => ({ method: p.method, amount: Number(p.amount), refunded: refunded.get(p.method) ?? 0 }));
}

export async function insertRefundPayments(
  db: DbExecutor,
  rows: { refund_id: number; method: string; amount: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('refund_payments').values(rows).execute();
}
