import {
  satangToBaht,
  toCsv,
  csvBaht,
  VAT_CSV_COLUMNS,
  type VatMonth,
  type VatSummaryQuery,
  type VatSummaryResponse,
} from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { monthsOf } from '../../calendar/calendar';
import { creditNotes, invoicesByMonth } from './reports.queries';
import { monthBuckets } from './reports.service';

type ReportDeps = Pick<Deps, 'db' | 'config'>;

interface MonthSatang {
  taxInvoiceCount: number;
  invoiceTotal: number;
  vat: number;
  firstTaxInvoice: string | null;
  lastTaxInvoice: string | null;
  vatExcludedCount: number;
  vatExcludedSales: number;
  creditNoteCount: number;
  creditNoteTotal: number;
  creditNoteVat: number;
  firstCreditNote: string | null;
  lastCreditNote: string | null;
}

const EMPTY: MonthSatang = {
  taxInvoiceCount: 0,
  invoiceTotal: 0,
  vat: 0,
  firstTaxInvoice: null,
  lastTaxInvoice: null,
  vatExcludedCount: 0,
  vatExcludedSales: 0,
  creditNoteCount: 0,
  creditNoteTotal: 0,
  creditNoteVat: 0,
  firstCreditNote: null,
  lastCreditNote: null,
};

function toBaht(m: MonthSatang): Omit<VatMonth, 'month'> {
  const base = m.invoiceTotal - m.vat;
  const creditBase = m.creditNoteTotal - m.creditNoteVat;
  return {
    taxInvoiceCount: m.taxInvoiceCount,
    taxableBase: satangToBaht(base),
    vat: satangToBaht(m.vat),
    firstTaxInvoice: m.firstTaxInvoice,
    lastTaxInvoice: m.lastTaxInvoice,
    vatExcludedCount: m.vatExcludedCount,
    vatExcludedSales: satangToBaht(m.vatExcludedSales),
    creditNoteCount: m.creditNoteCount,
    creditNoteBase: satangToBaht(creditBase),
    creditNoteVat: satangToBaht(m.creditNoteVat),
    firstCreditNote: m.firstCreditNote,
    lastCreditNote: m.lastCreditNote,
    netTaxableBase: satangToBaht(base - creditBase),
    netVat: satangToBaht(m.vat - m.creditNoteVat),
  };
}

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * The output-VAT working paper (ภ.พ.30) per month, by document date in the shop's days: tax
 * invoices are the sales with VAT, credit notes the refunds of such sales, counted in the month
 * they were issued. A credit note's VAT is the one stored on its refund when it was made (core's
 * refundVat), the figure its printed credit note shows, so a sale refunded in parts gives back exactly its VAT.
 */
export async function vatSummary(
  deps: ReportDeps,
  query: z.output<typeof VatSummaryQuery>,
): Promise<VatSummaryResponse> {
  const months = monthsOf(query.startMonth, query.endMonth);
  const buckets = monthBuckets(months, deps.config.shopTimezone);
  const db = deps.db.reader;
  const byMonth = new Map(months.map((m) => [m, { ...EMPTY }]));
  for (const row of await invoicesByMonth(db, buckets)) {
    Object.assign(byMonth.get(row.key)!, {
      taxInvoiceCount: row.invoices,
      invoiceTotal: row.total,
      vat: row.tax,
      firstTaxInvoice: row.first,
      lastTaxInvoice: row.last,
      vatExcludedCount: row.excludedCount,
      vatExcludedSales: row.excludedTotal,
    });
  }
  const notes = await creditNotes(db, { from: buckets[0]!.from, to: buckets.at(-1)!.to });
  for (const note of notes) {
    const bucket = buckets.find((b) => note.created_at >= b.from && note.created_at < b.to)!;
    const m = byMonth.get(bucket.key)!;
    m.creditNoteCount += 1;
    m.creditNoteTotal += note.amount;
    m.creditNoteVat += note.vat;
    m.firstCreditNote = earlier(m.firstCreditNote, note.number);
    m.lastCreditNote = later(m.lastCreditNote, note.number);
  }
  const all = [...byMonth.values()].reduce<MonthSatang>(
    (sum, m) => ({
      taxInvoiceCount: sum.taxInvoiceCount + m.taxInvoiceCount,
      invoiceTotal: sum.invoiceTotal + m.invoiceTotal,
      vat: sum.vat + m.vat,
      firstTaxInvoice: earlier(sum.firstTaxInvoice, m.firstTaxInvoice),
      lastTaxInvoice: later(sum.lastTaxInvoice, m.lastTaxInvoice),
      vatExcludedCount: sum.vatExcludedCount + m.vatExcludedCount,
      vatExcludedSales: sum.vatExcludedSales + m.vatExcludedSales,
      creditNoteCount: sum.creditNoteCount + m.creditNoteCount,
      creditNoteTotal: sum.creditNoteTotal + m.creditNoteTotal,
      creditNoteVat: sum.creditNoteVat + m.creditNoteVat,
      firstCreditNote: earlier(sum.firstCreditNote, m.firstCreditNote),
      lastCreditNote: later(sum.lastCreditNote, m.lastCreditNote),
    }),
    { ...EMPTY },
  );
  return {
    startMonth: query.startMonth,
    endMonth: query.endMonth,
    months: months.map((month) => ({ month, ...toBaht(byMonth.get(month)!) })),
    total: toBaht(all),
  };
}

/** The same months as a CSV for the accountant (UTF-8 with BOM, one row a month). */
export function vatSummaryCsv(summary: VatSummaryResponse): string {
  return toCsv([
    VAT_CSV_COLUMNS,
    ...summary.months.map((m) => [
      m.month,
      m.taxInvoiceCount,
      m.firstTaxInvoice,
      m.lastTaxInvoice,
      csvBaht(m.taxableBase),
      csvBaht(m.vat),
      m.creditNoteCount,
      m.firstCreditNote,
      m.lastCreditNote,
      csvBaht(m.creditNoteBase),
      csvBaht(m.creditNoteVat),
      csvBaht(m.netTaxableBase),
      csvBaht(m.netVat),
      m.vatExcludedCount,
      csvBaht(m.vatExcludedSales),
    ]),
  ]);
}
