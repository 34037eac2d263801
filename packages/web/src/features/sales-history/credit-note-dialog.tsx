import '../receipt/receipt-print.css';
import type { Sale } from '@pos/core';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { useDocumentPrint } from '../printing/document-print';
import { PaperChoice, paperPreviewClass } from '../receipt/paper-choice';
import type { ReceiptPaper } from '../receipt/receipt';
import { PRINTING_CLASS, printDocument } from '../receipt/receipt-dialog';
import { useStoreSettings } from '../settings/settings.queries';
import { TaxInvoiceFiles } from '../tax-invoice/tax-invoice-files';
import { taxDocumentPath, useTaxInvoice } from '../tax-invoice/tax-invoice.queries';
import { CreditNoteDocument } from './credit-note-document';

/** The refund documents of a sale (newest first), each reprintable on the receipt roll or A4. */
export function CreditNoteDialog({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const t = useT();
  const settings = useStoreSettings();
  const refunds = [...sale.refunds].reverse();
  const [shownId, setShownId] = useState(refunds[0]?.id ?? null);
  const shown = refunds.find((r) => r.id === shownId) ?? refunds[0] ?? null;
  const printRoot = useRef<HTMLDivElement>(null);
  const [paper, setPaper] = useState<ReceiptPaper>('roll');
  // A sale with a full tax invoice: its credit notes refer to it (read with reports_view; else the short one's).
  const fullInvoice = useTaxInvoice(sale.tax_invoice_id).data ?? null;

  // The roll goes to this device's till printer when it has one (the credit note shown); A4 stays with the browser.
  const print = useDocumentPrint({
    target: { kind: 'credit_note', refundId: shown?.id ?? 0 },
    onBrowserPrint: () => {
      if (printRoot.current) printDocument(printRoot.current, paper);
    },
    direct: paper === 'roll' && shown !== null,
    autoFocus: true,
    disabled: !shown,
    testId: 'credit-note-print',
  });

  useEffect(() => () => document.body.classList.remove(PRINTING_CLASS), []);

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="flex max-w-md flex-col overflow-hidden">
        <DialogHeader>
          <DialogTitle>{t('salesHistory.creditNotes')}</DialogTitle>
          <DialogDescription>
            {t('salesHistory.creditNoteDescription', { number: sale.document_number })}
          </DialogDescription>
        </DialogHeader>
        {refunds.length > 1 ? (
          <div className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1" role="group">
            {refunds.map((r) => (
              <button
                key={r.id}
                type="button"
                aria-pressed={r.id === shown?.id}
                onClick={() => setShownId(r.id)}
                className={cn(
                  'min-h-11 flex-1 cursor-pointer rounded-md px-3 text-sm font-medium',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
                  r.id === shown?.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {r.credit_note_number ?? `#${r.id}`}
              </button>
            ))}
          </div>
        ) : null}
        {shown ? (
          <>
            {fullInvoice && shown.credit_note_number ? (
              <TaxInvoiceFiles
                documentPath={taxDocumentPath(fullInvoice.id, shown.id)}
                number={shown.credit_note_number}
              />
            ) : null}
            <div
              role="region"
              aria-label={t('receipt.preview')}
              tabIndex={0}
              className="-mx-1 flex min-h-0 flex-1 items-start justify-center overflow-y-auto rounded-lg bg-slate-100 p-3 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <CreditNoteDocument
                sale={sale}
                refund={shown}
                settings={settings.data}
                taxInvoice={fullInvoice}
                paper={paper}
                className={paperPreviewClass(paper)}
              />
            </div>
            <PaperChoice paper={paper} onChange={setPaper} />
            {print.status}
            {createPortal(
              <div ref={printRoot} className="receipt-print-root" data-paper={paper} aria-hidden>
                <CreditNoteDocument
                  sale={sale}
                  refund={shown}
                  settings={settings.data}
                  taxInvoice={fullInvoice}
                  paper={paper}
                />
              </div>,
              document.body,
            )}
          </>
        ) : (
          <p className="text-sm text-slate-600">{t('salesHistory.creditNoteNone')}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
          {print.browserButton}
          {print.printButton}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
