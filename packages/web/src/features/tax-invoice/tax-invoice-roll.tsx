import type { TaxInvoice } from '@pos/core';
import { Fragment } from 'react';
import { cn } from '../../lib/utils';
import { documentT } from '../receipt/document-language';
import { printable } from '../receipt/receipt';
import { ReceiptLinesTable } from '../receipt/receipt-lines-table';
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

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-2', strong && 'text-[1.25em] font-bold')}>
      <span>{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

function Rule() {
  return <hr className="my-2 border-0 border-t border-dashed border-black" />;
}

/**
 * The full tax invoice on the 80 mm roll: the same fields as the A4 page, one under the other, in Thai; the
 * original, a cut line, then the copy.
 */
export function TaxInvoiceRoll({
  invoice: stored,
  copies = TAX_INVOICE_COPIES,
  className,
}: {
  invoice: TaxInvoice;
  copies?: readonly TaxInvoiceCopy[];
  className?: string;
}) {
  const invoice = printable(stored);
  const title = taxInvoiceTitle(invoice);
  const totals = taxInvoiceTotals(invoice);
  return (
    <div className={cn('space-y-6', className)}>
      {copies.map((copy, index) => (
        <Fragment key={copy}>
          {index > 0 ? <hr className="border-0 border-t-2 border-dashed border-black" /> : null}
          <article
            lang="th"
            data-testid="tax-invoice-document"
            data-paper="roll"
            aria-label={`${copyMark(copy)} ${title}`}
            className="bg-white text-[12px] leading-normal text-black"
          >
            <header className="space-y-0.5 text-center">
              <p className="text-[1.25em] font-bold">{invoice.seller.name}</p>
              {partyLines(invoice.seller, t).map((line) => (
                <p key={line} className="whitespace-pre-line">
                  {line}
                </p>
              ))}
            </header>
            <Rule />
            <div className="space-y-0.5 text-center">
              <p className="inline-block border-2 border-black px-3 font-bold tracking-widest" data-testid="roll-mark">
                {copyMark(copy)}
              </p>
              <h3 className="text-[1.15em] font-bold">{title}</h3>
              <p>{t('taxInvoice.doc.replaces', { number: invoice.replacesNumber })}</p>
            </div>
            <div className="mt-1 space-y-0.5">
              {taxInvoiceMeta(invoice).map((row) => (
                <Line key={row.label} label={row.label} value={row.value} />
              ))}
            </div>
            <Rule />
            <div className="space-y-0.5" data-testid="roll-buyer">
              <p className="font-semibold">{t('taxInvoice.doc.buyer')}</p>
              <p className="break-words">{invoice.buyer.name}</p>
              {partyLines(invoice.buyer, t).map((line) => (
                <p key={line} className="break-words whitespace-pre-line">
                  {line}
                </p>
              ))}
            </div>
            <Rule />
            <ReceiptLinesTable
              lines={invoice.lines.map((line, i) => ({
                id: i,
                name: line.name,
                price: line.unitPrice,
                quantity: line.quantity,
                amount: line.lineTotal,
              }))}
            />
            <Rule />
            <div className="space-y-0.5">
              {totals.figures.map((f) => (
                <Line key={f.label} label={f.label} value={f.value} strong={f.strong} />
              ))}
              <p className="text-center font-semibold">{totals.words}</p>
              {invoice.pricesIncludeVat ? <p className="text-[0.9em]">{t('taxInvoice.doc.pricesIncludeVat')}</p> : null}
            </div>
            <Rule />
            <p>{t('taxInvoice.doc.issuedBy', { name: invoice.issuedBy.name })}</p>
            <div className="mt-6 grid grid-cols-2 gap-3 text-center">
              {[t('taxInvoice.doc.signatureReceiver'), t('taxInvoice.doc.signatureCollector')].map((label) => (
                <div key={label}>
                  <div className="h-8 border-b border-dotted border-black" />
                  <p>{label}</p>
                </div>
              ))}
            </div>
          </article>
        </Fragment>
      ))}
    </div>
  );
}
