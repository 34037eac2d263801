import { Customer, CustomerSale } from '@pos/core';
import { z } from 'zod';
import type { Translate } from '../../i18n';
import { ApiError, CLIENT_ERROR_CODES, errorMessage } from '../../lib/api';

export type HistoryDataKind = 'customers' | 'sales';

/** An answer that is not a list of customers or of sales in any shape the screen accepts. */
export class HistoryShapeError extends Error {
  override readonly name = 'HistoryShapeError';
  constructor(readonly kind: HistoryDataKind) {
    super(`invalid ${kind} data`);
  }
}

/** The screen needs the stored token (spec 001 §5). */
export class MissingTokenError extends Error {
  override readonly name = 'MissingTokenError';
  constructor() {
    super('auth token not found');
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
  if (!parsed?.success) throw new HistoryShapeError('customers');
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
  if (!parsed?.success) throw new HistoryShapeError('sales');
  return parsed.data;
}

/**
 * The customer-history screen's error texts (spec 001 §8 "Customer history HTTP
 * errors"), for a failure of the given load.
 */
export function historyErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof MissingTokenError) return t('customerHistory.errorNoToken');
  if (error instanceof HistoryShapeError) {
    return t(error.kind === 'customers' ? 'customerHistory.errorBadCustomers' : 'customerHistory.errorBadSales');
  }
  if (error instanceof ApiError) {
    if (error.code === CLIENT_ERROR_CODES.network || error.code === CLIENT_ERROR_CODES.timeout) {
      return t('customerHistory.errorNoResponse');
    }
    if (error.status === 401) return t('customerHistory.errorUnauthorized');
    if (error.status === 403) return t('customerHistory.errorForbidden');
    if (error.status === 404) return t('customerHistory.errorNotFound');
    if (error.status >= 500) return t('customerHistory.errorServer');
    if (error.status > 0)
      return t('customerHistory.errorHttp', { status: error.status, message: errorMessage(error, error.message) });
  }
  const message = error instanceof Error ? error.message : String(error);
  return t('customerHistory.errorOther', { message });
}
