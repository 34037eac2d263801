import { phoneSearchDigits, satangToBaht, searchFold, type Customer, type CustomerSale } from '@pos/core';
import { sql, type Selectable } from 'kysely';
import type { CustomersTable, SaleItemsTable, SalesTable } from '../../db/schema';
import type { DbExecutor } from '../../db/executor';

export const CUSTOMER_COLUMNS = [
  'id',
  'name',
  'phone',
  'email',
  'address',
  'loyalty_points',
  'total_purchases',
  'total_spent',
  'last_purchase',
  'created_at',
] as const;
export type CustomerRow = Pick<Selectable<CustomersTable>, (typeof CUSTOMER_COLUMNS)[number]>;

/** The values a client may write; points and totals are never among them. */
export type CustomerValues = Pick<CustomersTable, 'name' | 'phone' | 'email' | 'address'>;

export function toApiCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    loyalty_points: Number(row.loyalty_points),
    total_purchases: Number(row.total_purchases),
    total_spent: satangToBaht(Number(row.total_spent)),
    last_purchase: row.last_purchase,
    created_at: row.created_at,
  };
}

/** What search matches against: name, e-mail and phone, folded in JavaScript so both engines compare the same text. */
export function customerSearchText(values: CustomerValues): string {
  return searchFold([values.name, values.email ?? '', values.phone].join('\n'));
}

/** A LIKE pattern for "contains term", with %, _ and \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function listLiveCustomers(
  db: DbExecutor,
  filter: { search?: string | undefined; limit: number },
): Promise<CustomerRow[]> {
  const term = filter.search?.trim() ?? '';
  const digits = term === '' ? null : phoneSearchDigits(term);
  return db
    .selectFrom('customers')
    .select(CUSTOMER_COLUMNS)
    .where('deleted_at', 'is', null)
    .$if(term !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          sql<boolean>`search_text like ${containsPattern(searchFold(term))} escape '\\'`,
          ...(digits ? [sql<boolean>`phone like ${containsPattern(digits)} escape '\\'`] : []),
        ]),
      ),
    )
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** A customer not deleted; `lock` holds the row for the transaction (see db/executor.ts). */
export function findLiveCustomer(
  db: DbExecutor,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .select(CUSTOMER_COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Another live customer with this phone number. */
export function findLiveCustomerByPhone(
  db: DbExecutor,
  phone: string,
  exceptId: number | null,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('phone', '=', phone)
    .where('deleted_at', 'is', null)
    .$if(exceptId !== null, (qb) => qb.where('id', '!=', exceptId ?? 0))
    .executeTakeFirst();
}

/** A new customer: 0 points, 0 purchases, nothing spent, no last purchase. */
export function insertCustomer(db: DbExecutor, values: CustomerValues, now: string): Promise<CustomerRow> {
  return db
    .insertInto('customers')
    .values({
      ...values,
      loyalty_points: 0,
      total_purchases: 0,
      total_spent: 0,
      last_purchase: null,
      search_text: customerSearchText(values),
      created_at: now,
      updated_at: now,
    })
    .returning(CUSTOMER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Writes the client-owned fields only; points and totals are not in this statement. */
export function updateCustomerRow(
  db: DbExecutor,
  id: number,
  values: CustomerValues,
  now: string,
): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({ ...values, search_text: customerSearchText(values), updated_at: now })
    .where('id', '=', id)
    .returning(CUSTOMER_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function softDeleteCustomer(db: DbExecutor, id: number, now: string): Promise<void> {
  await db.updateTable('customers').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteCustomerRow(db: DbExecutor, id: number): Promise<void> {
  await db.deleteFrom('customers').where('id', '=', id).execute();
}

/** Whether any sale names this customer, in which case deletion keeps the row for history. */
export async function customerHasSales(db: DbExecutor, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sales')
    .select('id')
    .where('customer_id', '=', customerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

type SaleRow = Pick<
  Selectable<SalesTable>,
  | 'id'
  | 'document_number'
  | 'status'
  | 'customer_id'
  | 'customer_name'
  | 'subtotal'
  | 'discount'
  | 'tax'
  | 'total'
  | 'payment_method'
  | 'points_used'
  | 'points_earned'
  | 'created_at'
>;

type SaleLineRow = Pick<
  Selectable<SaleItemsTable>,
  'id' | 'sale_id' | 'product_id' | 'product_name' | 'sku' | 'size' | 'color' | 'price' | 'quantity' | 'line_total'
>;

/** The customer's sales, newest first. */
export function listCustomerSales(db: DbExecutor, customerId: number): Promise<SaleRow[]> {
  return db
    .selectFrom('sales')
    .select([
      'id',
      'document_number',
      'status',
      'customer_id',
      'customer_name',
      'subtotal',
      'discount',
      'tax',
      'total',
      'payment_method',
      'points_used',
      'points_earned',
      'created_at',
    ])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The frozen lines of every sale of the customer, in the order they were sold. */
export function listCustomerSaleLines(db: DbExecutor, customerId: number): Promise<SaleLineRow[]> {
  return db
    .selectFrom('sale_items')
    .select(['id', 'sale_id', 'product_id', 'product_name', 'sku', 'size', 'color', 'price', 'quantity', 'line_total'])
    .where('sale_id', 'in', (eb) => eb.selectFrom('sales').select('id').where('customer_id', '=', customerId))
    .orderBy('id')
    .execute();
}

/** A sale as the history lists it: amounts in baht, with its lines and payment method. */
export function toApiCustomerSale(row: SaleRow, lines: readonly SaleLineRow[], currentName: string): CustomerSale {
  return {
    id: row.id,
    document_number: row.document_number,
    created_at: row.created_at,
    customer_id: row.customer_id,
    // The name as it was when sold; older rows without one show today's name.
    customer_name: row.customer_name ?? currentName,
    subtotal: satangToBaht(Number(row.subtotal)),
    discount: satangToBaht(Number(row.discount)),
    tax: satangToBaht(Number(row.tax)),
    total: satangToBaht(Number(row.total)),
    payment_method: row.payment_method || null,
    status: row.status,
    points_used: Number(row.points_used),
    points_earned: Number(row.points_earned),
    items: lines.map((line) => ({
      id: line.id,
      product_id: line.product_id,
      product_name: line.product_name,
      sku: line.sku,
      size: line.size,
      color: line.color,
      quantity: Number(line.quantity),
      price: satangToBaht(Number(line.price)),
      total: satangToBaht(Number(line.line_total)),
    })),
  };
}
