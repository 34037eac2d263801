/** The POS's messages for cart notices, points errors and sale failures (spec 000 §5, §8). */
import { formatBaht, ServerFigures } from '@pos/core';
import type { Translate } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api';
import type { CartNotice, PointsError } from './cart';

export interface ToastText {
  title: string;
  description?: string;
}

export function cartNoticeText(notice: CartNotice, t: Translate): ToastText {
  switch (notice.kind) {
    case 'outOfStock':
      return { title: t('pos.outOfStock'), description: notice.name };
    case 'insufficientStock':
      return { title: t('pos.insufficientStock', { count: notice.available }), description: notice.name };
    case 'clamped':
      return {
        title: t('pos.insufficientStock', { count: notice.available }),
        description: t('pos.quantityClamped', { name: notice.name, count: notice.available }),
      };
    case 'unavailable':
      return { title: t('pos.productUnavailable'), description: notice.name };
    case 'variantUnavailable':
      return { title: t('pos.variantUnavailable'), description: notice.name };
  }
}

export function pointsErrorText(error: PointsError, t: Translate): string {
  switch (error.kind) {
    case 'pointsRequired':
      return t('pos.pointsRequired');
    case 'needCustomer':
      return t('pos.pointsNeedCustomer');
    case 'notEnoughPoints':
      return t('pos.pointsNotEnough', { count: error.balance.toLocaleString('th-TH') });
    case 'discountOverSubtotal':
      return t('pos.pointsOverSubtotal');
  }
}

/**
 * Spec 000 §8: a refused sale reads "unable to save the sale: status - message"
 * with the server's own Thai message; other failures say the sale was not saved
 * and why (no connection, timeout).
 */
export function saleErrorText(error: unknown, t: Translate): ToastText {
  const title = t('pos.saleFailed');
  if (error instanceof ApiError) {
    if (error.status > 0) {
      return {
        title,
        description: t('pos.saleFailedStatus', { status: error.status, message: errorMessage(error, error.message) }),
      };
    }
    return { title, description: error.message };
  }
  return { title };
}

/** The server's figures sent with 409 TOTALS_CHANGED, if the answer holds them. */
export function serverFiguresOf(error: unknown): ServerFigures | null {
  if (!(error instanceof ApiError) || error.code !== 'TOTALS_CHANGED') return null;
  const parsed = ServerFigures.safeParse(error.details?.server);
  return parsed.success ? parsed.data : null;
}

/** Codes after which the product list is reloaded before the cashier tries again. */
export const RELOAD_PRODUCTS_CODES: ReadonlySet<string> = new Set([
  'TOTALS_CHANGED',
  'INSUFFICIENT_STOCK',
  'PRODUCT_UNAVAILABLE',
]);

export function totalsChangedText(serverTotal: number | null, t: Translate): string {
  return serverTotal === null ? t('pos.totalsChanged') : t('pos.totalsChangedTo', { total: formatBaht(serverTotal) });
}
