import type { TaxInvoice } from '@pos/core';
import { A4Document } from '../receipt/a4-document';
import { documentT } from '../receipt/document-language';
import { printable } from '../receipt/receipt';
import { partyLines } from './tax-invoice-form';
import {
  copyMark,
  TAX_INVOICE_COPIES,
  taxInvoiceMeta,
  taxInvoiceTitle,
  taxInvoiceTotals,
  type TaxInvoiceCopy,
} from './tax-invoice-document';

const t = documentT;

interface TaxInvoiceA4Props {
  invoice: TaxInvoice;
  logoUrl: string | null;
  /** Only these copies (the dialog's preview shows the original); printing gives both, each on its own page. */
  copies?: readonly TaxInvoiceCopy[];
  className?: string;
}

/**
 * The full tax invoice (Revenue Code 86/4) on A4, in Thai: the seller's and the buyer's name, address, tax ID and
 * branch; number and date (and the date of supply when later); the short invoice it replaces; the goods; the
 * value before VAT, the VAT and the total apart, the total in words; signature lines. ต้นฉบับ then สำเนา, the
 * copy starting a new page.
 */
export function TaxInvoiceA4({ invoice: stored, logoUrl, copies = TAX_INVOICE_COPIES, className }: TaxInvoiceA4Props) {
  const invoice = printable(stored);
  const totals = taxInvoiceTotals(invoice);
  return (
    <>
      {copies.map((copy, index) => (
        <div
          key={copy}
          data-testid={`tax-invoice-page-${copy}`}
          // Each copy its own sheet: the browser starts the next one on a new page.
          style={index < copies.length - 1 ? { breakAfter: 'page' } : undefined}
        >
          <A4Document
            testId="tax-invoice-document"
            className={className}
            title={taxInvoiceTitle(invoice)}
            mark={copyMark(copy)}
            notes={[
              <>
                {t('taxInvoice.doc.replacesLabel')} {/* The number never breaks at its hyphen. */}
                <span className="whitespace-nowrap">{invoice.replacesNumber}</span>
              </>,
            ]}
            seller={{ name: invoice.seller.name, logoUrl, lines: partyLines(invoice.seller, t) }}
            meta={taxInvoiceMeta(invoice)}
            buyer={{
              heading: t('taxInvoice.doc.buyer'),
              name: invoice.buyer.name,
              lines: partyLines(invoice.buyer, t),
            }}
            lines={invoice.lines.map((line, i) => ({
              id: i,
              description: line.name,
              details: line.code ? [line.code] : [],
              quantity: line.quantity,
              unitPrice: line.unitPrice,
              amount: line.lineTotal,
            }))}
            totals={totals.figures}
            amountInWords={totals.words}
            remarks={[
              ...(invoice.pricesIncludeVat ? [t('taxInvoice.doc.pricesIncludeVat')] : []),
              t('taxInvoice.doc.issuedBy', { name: invoice.issuedBy.name }),
            ]}
            signatures={[t('taxInvoice.doc.signatureReceiver'), t('taxInvoice.doc.signatureCollector')]}
          />
        </div>
      ))}
    </>
  );
}
