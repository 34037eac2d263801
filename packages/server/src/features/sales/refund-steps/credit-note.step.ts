import { refundHasCreditNote, refundVat } from '@pos/core';
import type { DbExecutor } from '../../../db/executor';
import { nextInSeries } from '../../sale-records/document-counters.queries';
import { documentSeries, formatDocumentNumber } from '../../sale-records/document-number';
import type { RefundPlan, SaleForRefund } from './refund-context';

/** Credit notes: CN<Buddhist-era year>-<6 digits>, their own gapless series per year. */
function creditNoteSeries(now: Date, timeZone: string): string {
  return `CN${documentSeries(now, timeZone).slice(1)}`;
}

/** Core's rule (the offline till takes a credit note number by it too), on the stored row. */
export function hasCreditNote(sale: Pick<SaleForRefund, 'exclude_vat' | 'tax_rate_bp'>): boolean {
  return refundHasCreditNote({ exclude_vat: sale.exclude_vat === 1, tax_rate: sale.tax_rate_bp });
}

/**
 * Step: the credit note's number and the VAT it gives back. A credit note corrects a tax invoice: a sale
 * without VAT (excluded, or a shop that charged none) had none. Whatever earlier refunds kept, the refunds
 * of a sale never give back more VAT than it charged.
 */
export async function creditNote(
  trx: DbExecutor,
  { sale, fully, before, amount }: Pick<RefundPlan, 'sale' | 'fully' | 'before' | 'amount'>,
  now: Date,
  timeZone: string,
  reserved: string | null = null,
): Promise<{ number: string | null; vat: number }> {
  const series = creditNoteSeries(now, timeZone);
  const number = !hasCreditNote(sale)
    ? null
    : (reserved ?? formatDocumentNumber(series, await nextInSeries(trx, series)));
  const vatLeft = sale.tax - before.vat;
  const vat = fully ? vatLeft : Math.min(refundVat(sale, before.amount, amount), vatLeft);
  return { number, vat: Math.max(0, vat) };
}
