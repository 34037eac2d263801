import '../receipt/receipt-print.css';
import type { TaxInvoice } from '@pos/core';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { PaperChoice, paperPreviewClass } from '../receipt/paper-choice';
import type { ReceiptPaper } from '../receipt/receipt';
import { printDocument } from '../receipt/print-document';
import { useT } from '../../i18n';
import { TaxInvoiceA4 } from './tax-invoice-a4';
import { TaxInvoiceRoll } from './tax-invoice-roll';

/** The layout of one paper: A4 pages or the roll's slip. */
export function TaxInvoicePaper({
  invoice,
  logoUrl,
  paper,
  preview = false,
}: {
  invoice: TaxInvoice;
  logoUrl: string | null;
  paper: ReceiptPaper;
  /** On screen: the original only, on its paper's look (printing gives the original and the copy). */
  preview?: boolean;
}) {
  const copies = preview ? (['original'] as const) : undefined;
  const className = preview ? paperPreviewClass(paper) : undefined;
  return paper === 'a4' ? (
    <TaxInvoiceA4 invoice={invoice} logoUrl={logoUrl} copies={copies} className={className} />
  ) : (
    <TaxInvoiceRoll invoice={invoice} copies={copies} className={className} />
  );
}

/**
 * A full tax invoice's preview, its paper choice and what the print button prints: the receipt's own print
 * mechanism (a copy in `.receipt-print-root` under <body>, everything else hidden while printing).
 * `print` hands the button its action (the browser's dialog); `paper` is the one chosen.
 */
export function useTaxInvoicePrint(invoice: TaxInvoice | null, logoUrl: string | null) {
  const t = useT();
  const [paper, setPaper] = useState<ReceiptPaper>('a4');
  const root = useRef<HTMLDivElement>(null);
  const view = invoice ? (
    <>
      <div
        role="region"
        aria-label={t('receipt.preview')}
        tabIndex={0}
        className="-mx-1 flex min-h-0 flex-1 items-start justify-center overflow-y-auto overscroll-contain rounded-lg bg-slate-100 p-3 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <TaxInvoicePaper invoice={invoice} logoUrl={logoUrl} paper={paper} preview />
      </div>
      <PaperChoice paper={paper} onChange={setPaper} />
      {createPortal(
        <div ref={root} className="receipt-print-root" data-paper={paper} data-testid="tax-invoice-print" aria-hidden>
          <TaxInvoicePaper invoice={invoice} logoUrl={logoUrl} paper={paper} />
        </div>,
        document.body,
      )}
    </>
  ) : null;
  const print = () => {
    if (root.current) printDocument(root.current, paper);
  };
  return { view, print, paper };
}
