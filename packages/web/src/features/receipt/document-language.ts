import { translate, type Translate } from '../../i18n';
import { formatDate, formatDateTime } from '../../lib/dates';

/**
 * Tax documents (receipt, short tax invoice, credit note) are written in Thai with Buddhist-era dates
 * whatever language the screen speaks: a tax invoice must be made in Thai (Revenue Code 86/4), and a
 * customer's receipt must not change with the cashier's choice of screen language.
 */
export const documentT: Translate = (key, params) => translate('th', key, params);

export const DOCUMENT_LOCALE = 'th-TH';

/** A date and time as documents print it, e.g. `27 พ.ย. 2569 14:05`. */
export function documentDateTime(value: string | Date): string {
  return formatDateTime(value, DOCUMENT_LOCALE);
}

/** A date as documents print it, e.g. `27 พ.ย. 2569`. */
export function documentDate(value: string | Date): string {
  return formatDate(value, DOCUMENT_LOCALE);
}
