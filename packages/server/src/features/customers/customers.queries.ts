import { phoneSearchDigits, satangToBaht, searchFold, type Customer } from '@pos/core';
import { sql, type Selectable } from 'kysely';
import type { CustomersTable } from '../../db/schema';
import type { DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';

export const CUSTOMER_COLUMNS = [
  'id',
  'name',
  'phone',
  'email',
  'address',
  'tax_name',
  'tax_id',
  'tax_branch',
  'loyalty_points',
  'total_purchases',
  'total_spent',
  'last_purchase',
  'created_at',
] as const;
export type CustomerRow = Pick<Selectable<CustomersTable>, (typeof CUSTOMER_COLUMNS)[number]>;

/** The values a client may write; points and totals are never among them. */
export type CustomerValues = Pick<
  CustomersTable,
  'name' | 'phone' | 'email' | 'address' | 'tax_name' | 'tax_id' | 'tax_branch'
>;

/** A new customer's values: the tax details may be left out (none kept). */
export type NewCustomerValues = Omit<CustomerValues, 'tax_name' | 'tax_id' | 'tax_branch'> &
  Partial<Pick<CustomerValues, 'tax_name' | 'tax_id' | 'tax_branch'>>;

export function toApiCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    tax_name: row.tax_name,
    tax_id: row.tax_id,
    tax_branch: row.tax_branch,
    loyalty_points: Number(row.loyalty_points),
    total_purchases: Number(row.total_purchases),
    total_spent: satangToBaht(Number(row.total_spent)),
    last_purchase: row.last_purchase,
    created_at: row.created_at,
  };
}

/** What search matches against: name, e-mail and phone, folded in JavaScript so both engines compare the same text. */
export function customerSearchText(values: NewCustomerValues): string {
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
export async function findLiveCustomer(
  db: DbExecutor,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<CustomerRow | undefined> {
  return (await liveCustomer(db, { id, lock })).rows[0];
}

const liveCustomer = prepared((db, { id, lock }: { id: number; lock: boolean }) =>
  db
    .selectFrom('customers')
    .select(CUSTOMER_COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .$if(lock, (qb) => qb.forUpdate()),
);

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
export function insertCustomer(db: DbExecutor, values: NewCustomerValues, now: string): Promise<CustomerRow> {
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

/** A customer's name even after deletion (a paid card sale keeps the name it was checked with). */
export function findCustomerName(db: DbExecutor, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('customers').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The tax details a buyer was invoiced under, kept on the customer (issue 36) with the invoice's address and e-mail. */
export async function saveCustomerTaxDetails(
  db: DbExecutor,
  id: number,
  details: { taxName: string; taxId: string; branch: string; address: string; email: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('customers')
    .set((eb) => ({
      tax_name: details.taxName,
      tax_id: details.taxId,
      tax_branch: details.branch,
      address: details.address,
      // An invoice without an e-mail leaves the customer's own e-mail as it was.
      email: details.email ?? eb.ref('email'),
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
}
