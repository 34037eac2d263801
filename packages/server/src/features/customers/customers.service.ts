import {
  CUSTOMER_LIST_LIMIT_MAX,
  ERROR_MESSAGES,
  type CreateCustomerRequest,
  type Customer,
  CustomerSale,
  type UpdateCustomerRequest,
} from '@pos/core';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Deps } from '../../deps';
import { conflict, notFound, type AppError } from '../../http/app-error';
import {
  customerHasSales,
  deleteCustomerRow,
  findLiveCustomer,
  findLiveCustomerByPhone,
  insertCustomer,
  listLiveCustomers,
  softDeleteCustomer,
  toApiCustomer,
  updateCustomerRow,
} from './customers.queries';
import { readSales } from '../sale-records/sale-read-model';
import { listSaleIds } from '../sale-records/sale-search.queries';

type CreateInput = z.output<typeof CreateCustomerRequest>;
type UpdateInput = z.output<typeof UpdateCustomerRequest>;

/**
 * 409 for a phone number another live customer has, pointing the form at the
 * phone field; the details name that customer so the client can open it.
 */
function phoneTaken(existing: { id: number; name: string } | undefined): AppError {
  return conflict('CUSTOMER_PHONE_TAKEN', {
    fields: { phone: ERROR_MESSAGES.CUSTOMER_PHONE_TAKEN },
    ...(existing && { details: { customer_id: existing.id, customer_name: existing.name } }),
  });
}

/** After losing a race on the unique index, the customer that won it. */
async function racedPhoneTaken(deps: Pick<Deps, 'db'>, phone: string, exceptId: number | null): Promise<AppError> {
  return phoneTaken(await findLiveCustomerByPhone(deps.db.kysely, phone, exceptId));
}

export async function listCustomers(
  deps: Pick<Deps, 'db'>,
  filter: { search?: string | undefined; limit?: number | undefined },
): Promise<Customer[]> {
  const rows = await listLiveCustomers(deps.db.kysely, {
    search: filter.search,
    limit: filter.limit ?? CUSTOMER_LIST_LIMIT_MAX,
  });
  return rows.map(toApiCustomer);
}

export async function getCustomer(deps: Pick<Deps, 'db'>, id: number): Promise<Customer> {
  const row = await findLiveCustomer(deps.db.kysely, id);
  if (!row) throw notFound('CUSTOMER_NOT_FOUND');
  return toApiCustomer(row);
}

/** A new customer starts with 0 points, 0 purchases and no last purchase, whatever the client sent. */
export async function createCustomer(deps: Pick<Deps, 'db' | 'now'>, input: CreateInput): Promise<Customer> {
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      const existing = await findLiveCustomerByPhone(trx, input.phone, null);
      if (existing) throw phoneTaken(existing);
      const row = await insertCustomer(
        trx,
        {
          name: input.name,
          phone: input.phone,
          email: input.email ?? null,
          address: input.address ?? null,
          tax_name: input.tax_name ?? null,
          tax_id: input.tax_id ?? null,
          tax_branch: input.tax_branch ?? null,
        },
        deps.now().toISOString(),
      );
      return toApiCustomer(row);
    });
  } catch (err) {
    // Two tills raced for the same number; the partial unique index decided.
    if (isUniqueViolation(err)) throw await racedPhoneTaken(deps, input.phone, null);
    throw err;
  }
}

/** Changes name, phone, e-mail and address only; what is not sent stays as it is. */
export async function updateCustomer(
  deps: Pick<Deps, 'db' | 'now'>,
  id: number,
  input: UpdateInput,
): Promise<Customer> {
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      const row = await findLiveCustomer(trx, id, { lock: true });
      if (!row) throw notFound('CUSTOMER_NOT_FOUND');
      const next = {
        name: input.name ?? row.name,
        phone: input.phone ?? row.phone,
        email: input.email === undefined ? row.email : input.email,
        address: input.address === undefined ? row.address : input.address,
        tax_name: input.tax_name === undefined ? row.tax_name : input.tax_name,
        tax_id: input.tax_id === undefined ? row.tax_id : input.tax_id,
        tax_branch: input.tax_branch === undefined ? row.tax_branch : input.tax_branch,
      };
      const existing = next.phone === row.phone ? undefined : await findLiveCustomerByPhone(trx, next.phone, id);
      if (existing) throw phoneTaken(existing);
      return toApiCustomer(await updateCustomerRow(trx, id, next, deps.now().toISOString()));
    });
  } catch (err) {
    if (isUniqueViolation(err) && input.phone !== undefined) throw await racedPhoneTaken(deps, input.phone, id);
    throw err;
  }
}

/**
 * Deletes a customer. One with sales is kept but hidden (soft delete), so the
 * sales keep their customer and the history stays; the phone number becomes free.
 */
export async function deleteCustomer(
  deps: Pick<Deps, 'db' | 'now'>,
  id: number,
): Promise<{ soft: boolean; name: string }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const row = await findLiveCustomer(trx, id, { lock: true });
    if (!row) throw notFound('CUSTOMER_NOT_FOUND');
    if (await customerHasSales(trx, id)) {
      await softDeleteCustomer(trx, id, deps.now().toISOString());
      return { soft: true, name: row.name };
    }
    await deleteCustomerRow(trx, id);
    return { soft: false, name: row.name };
  });
}

/** A live customer's sales, newest first, each with its lines: the sale read model, trimmed. */
export async function getCustomerHistory(deps: Pick<Deps, 'db'>, id: number): Promise<CustomerSale[]> {
  return deps.db.reader.transaction().execute(async (trx) => {
    const row = await findLiveCustomer(trx, id);
    if (!row) throw notFound('CUSTOMER_NOT_FOUND');
    const ids = (await listSaleIds(trx, { customerId: id }, null)).map((s) => s.id);
    return (await readSales(trx, ids)).map((sale) => ({
      ...CustomerSale.parse(sale),
      // The name as it was when sold; older rows without one show today's name.
      customer_name: sale.customer_name ?? row.name,
    }));
  });
}
