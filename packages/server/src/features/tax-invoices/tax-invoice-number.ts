import { documentSeries } from '../sale-records/document-number';

/**
 * Full tax invoices: INV<Buddhist-era year>-<6 digits>, their own gapless series per year; per till when the
 * sale was made at one (INV2569-T01-000001), as the Revenue Department expects a series per POS machine.
 */
export function taxInvoiceSeries(now: Date, timeZone: string, tillId: number | null): string {
  const year = documentSeries(now, timeZone).slice(1);
  return tillId === null ? `INV${year}` : `INV${year}-T${String(tillId).padStart(2, '0')}`;
}
