import { Customer, CustomerSale } from '@pos/core';
import { z } from 'zod';

/**
 * The answers of GET /customers and GET /customers/:id/history in every shape spec 001 §7 allows. Every screen
 * reads them through these, so one cache entry per endpoint serves the till, the customers and the history screens.
 */

export type CustomersPayloadKind = 'customers' | 'sales';

/** An answer that is not a list of customers or of sales in any shape the spec allows. */
export class PayloadShapeError extends Error {
  override readonly name = 'PayloadShapeError';
  constructor(readonly kind: CustomersPayloadKind) {
    super(`invalid ${kind} data`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `GET /customers` as {customers}, a bare array, or {data: [...]} (spec 001 §7). */
export function readCustomersPayload(payload: unknown): Customer[] {
  const list = Array.isArray(payload)
    ? payload
    : isRecord(payload) && Array.isArray(payload.customers)
      ? payload.customers
      : isRecord(payload) && Array.isArray(payload.data)
        ? payload.data
        : null;
  const parsed = list ? z.array(Customer).safeParse(list) : null;
  if (!parsed?.success) throw new PayloadShapeError('customers');
  return parsed.data;
}

/** `GET /customers/:id/history` as {sales}, {data: {sales}} or a bare array (spec 001 §7). */
export function readSalesPayload(payload: unknown): CustomerSale[] {
  const list = Array.isArray(payload)
    ? payload
    : isRecord(payload) && Array.isArray(payload.sales)
      ? payload.sales
      : isRecord(payload) && isRecord(payload.data) && Array.isArray(payload.data.sales)
        ? payload.data.sales
        : null;
  const parsed = list ? z.array(CustomerSale).safeParse(list) : null;
  if (!parsed?.success) throw new PayloadShapeError('sales');
  return parsed.data;
}
