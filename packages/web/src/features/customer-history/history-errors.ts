import type { Translate } from '../../i18n';
import { ApiError, CLIENT_ERROR_CODES, errorMessage } from '../../lib/api';
import { PayloadShapeError } from '../customers/customers-payload';

/** The screen needs the stored token (spec 001 §5). */
export class MissingTokenError extends Error {
  override readonly name = 'MissingTokenError';
  constructor() {
    super('auth token not found');
  }
}

/**
 * The customer-history screen's error texts (spec 001 §8 "Customer history HTTP
 * errors"), for a failure of the given load.
 */
export function historyErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof MissingTokenError) return t('customerHistory.errorNoToken');
  if (error instanceof PayloadShapeError) {
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
