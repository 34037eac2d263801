import type { Selectable } from 'kysely';
import type { IdempotencyKeysTable, PaymentsTable, SaleItemsTable, SalesTable } from '../../db/schema';
import type { DbExecutor } from '../../db/executor';

export interface ProductForSale {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  price: number;
  original_price: number | null;
  stock: number;
  category: string | null;
  sizes: string[];
  colors: string[];
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** Live products by id, with their category name and current size/colour lists, for pricing a sale. */
export async function findProductsForSale(db: DbExecutor, ids: number[]): Promise<ProductForSale[]> {
  const rows = await db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.name',
      'products.sku',
      'products.barcode',
      'products.price',
      'products.original_price',
      'products.stock',
      'categories.name as category',
      'products.sizes',
      'products.colors',
    ])
    .where('products.id', 'in', ids)
    .where('products.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => ({ ...row, sizes: parseList(row.sizes), colors: parseList(row.colors) }));
}

/**
 * Takes `quantity` off the shelf only if that many are there; answers the new
 * stock, or undefined when there were not enough (another till sold them).
 */
export async function takeStock(
  db: DbExecutor,
  productId: number,
  quantity: number,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: now }))
    .where('id', '=', productId)
    .where('stock', '>=', quantity)
    .where('deleted_at', 'is', null)
    .returning('stock')
    .executeTakeFirst();
  return row?.stock;
}

/** Current stock of live products, for the refusal message. */
export async function currentStock(db: DbExecutor, productId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.stock ?? 0;
}

/**
 * Applies a sale to the customer's points and totals in one conditional update;
 * undefined when the balance no longer covers the points used.
 */
export async function applySaleToCustomer(
  db: DbExecutor,
  customerId: number,
  change: { pointsUsed: number; pointsEarned: number; total: number; now: string },
): Promise<number | undefined> {
  const row = await db
    .updateTable('customers')
    .set((eb) => ({
      loyalty_points: eb(eb('loyalty_points', '-', change.pointsUsed), '+', change.pointsEarned),
      total_purchases: eb('total_purchases', '+', 1),
      total_spent: eb('total_spent', '+', change.total),
      last_purchase: change.now,
      updated_at: change.now,
    }))
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .where('loyalty_points', '>=', change.pointsUsed)
    .returning('loyalty_points')
    .executeTakeFirst();
  return row?.loyalty_points;
}

/** The next number of a document series; atomic, and rolled back with the sale if it fails. */
export async function nextInSeries(db: DbExecutor, series: string): Promise<number> {
  const row = await db
    .insertInto('document_counters')
    .values({ name: series, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('document_counters.value', '+', 1) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

export async function insertSale(
  db: DbExecutor,
  values: Omit<SalesTable, 'id' | 'payment_method' | 'tax_rate_bp'> & {
    payment_method: string;
    tax_rate_bp: number;
  },
): Promise<number> {
  const row = await db.insertInto('sales').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSaleItems(db: DbExecutor, rows: Omit<SaleItemsTable, 'id'>[]): Promise<void> {
  await db.insertInto('sale_items').values(rows).execute();
}

export async function insertPayment(db: DbExecutor, values: Omit<PaymentsTable, 'id'>): Promise<void> {
  await db.insertInto('payments').values(values).execute();
}

export type SaleHeadRow = Selectable<SalesTable> & {
  created_by_name: string;
  vat_excluded_by_name: string | null;
  vat_exclusion_approved_by_name: string | null;
};

export function findSaleHead(db: DbExecutor, id: number): Promise<SaleHeadRow | undefined> {
  return db
    .selectFrom('sales')
    .innerJoin('users', 'users.id', 'sales.created_by')
    .leftJoin('users as excluder', 'excluder.id', 'sales.vat_excluded_by')
    .leftJoin('users as approver', 'approver.id', 'sales.vat_exclusion_approved_by')
    .selectAll('sales')
    .select([
      'users.name as created_by_name',
      'excluder.name as vat_excluded_by_name',
      'approver.name as vat_exclusion_approved_by_name',
    ])
    .where('sales.id', '=', id)
    .executeTakeFirst();
}

export function findSaleItems(db: DbExecutor, saleId: number): Promise<Selectable<SaleItemsTable>[]> {
  return db.selectFrom('sale_items').selectAll().where('sale_id', '=', saleId).orderBy('id').execute();
}

export function findSalePayment(db: DbExecutor, saleId: number): Promise<Selectable<PaymentsTable> | undefined> {
  return db.selectFrom('payments').selectAll().where('sale_id', '=', saleId).orderBy('id').executeTakeFirst();
}

/** A sale that was refunded for editing and not yet replaced by a new sale. */
export async function isReplaceable(db: DbExecutor, saleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sales')
    .innerJoin('refunds', 'refunds.sale_id', 'sales.id')
    .select('sales.id')
    .where('sales.id', '=', saleId)
    .where('sales.status', '=', 'refunded')
    .where('refunds.reason', '=', 'edit_sale')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sales as replacement')
            .select('replacement.id')
            .where('replacement.replaces_sale_id', '=', saleId),
        ),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function saleExists(db: DbExecutor, saleId: number): Promise<boolean> {
  return (await db.selectFrom('sales').select('id').where('id', '=', saleId).executeTakeFirst()) !== undefined;
}

export function findIdempotencyKey(db: DbExecutor, key: string): Promise<Selectable<IdempotencyKeysTable> | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Claims a key for this request; false when it already exists. */
export async function claimIdempotencyKey(
  db: DbExecutor,
  values: { key: string; userId: number; requestHash: string; now: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('idempotency_keys')
    .values({ key: values.key, user_id: values.userId, request_hash: values.requestHash, created_at: values.now })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .execute();
  return rows.length === 1;
}

export async function storeIdempotentResponse(
  db: DbExecutor,
  key: string,
  statusCode: number,
  response: unknown,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, response: JSON.stringify(response) })
    .where('key', '=', key)
    .execute();
}
