import './receipt-print.css';
import type { Sale } from '@pos/core';
import { CloudOff, FileText, Mail } from 'lucide-react';
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
import { useDocumentPrint } from '../printing/document-print';
import { OfflinePrintStatus } from '../printing/offline-print-status';
import { useOfflineReceiptPrint } from '../printing/offline-receipt-print';
import { SalePrintStatus, salePrinter } from '../printing/sale-print-status';
import { useStoreSettings } from '../settings/settings.queries';
import { TaxInvoiceDialog } from '../tax-invoice/tax-invoice-dialog';
import { EReceiptDialog } from './e-receipt-dialog';
import { isTaxInvoice, receiptTypesFor, type ReceiptPaper, type ReceiptType } from './receipt';
import { PaperChoice, paperPreviewClass, SegmentButton } from './paper-choice';
import { ReceiptDocument } from './receipt-document';
import { PRINTING_CLASS, printDocument } from './print-document';
import { SalePaymentSummary } from './sale-payment-summary';

export { PRINTING_CLASS, printDocument } from './print-document';

export interface ReceiptDialogProps {
  /** The sale to show; the dialog is open while it is set and `open` is not false. */
  sale: Sale | null;
  open?: boolean;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the POS returns it to the search box). */
  onCloseAutoFocus?: (event: Event) => void;
  initialType?: ReceiptType;
  /** Right after a sale: total, received and change above the preview. */
  showPaymentSummary?: boolean;
  /** May issue a full tax invoice (pos_process_sale, as everyone at the till); one issued is shown to all. */
  canIssueTaxInvoice?: boolean;
  /**
   * A sale made offline, not yet on the server (issue 38): said so above the receipt; it prints from the browser,
   * and what needs the server's sale (a full tax invoice, the e-Receipt, the till's print job) waits.
   */
  notSent?: boolean;
}

/**
 * Spec 001 "Receipt and tax invoice dialog": the receipt or short tax invoice
 * of a sale, previewed on its paper (the 300 px slip of the 80 mm roll, or the
 * A4 page), with print and close. The document is Thai; the dialog around it
 * speaks the screen's language. Used after
 * every sale on the POS and from the sales history.
 */
export function ReceiptDialog({
  sale,
  open = true,
  onClose,
  onCloseAutoFocus,
  initialType,
  showPaymentSummary = false,
  canIssueTaxInvoice: mayIssue = true,
  notSent = false,
}: ReceiptDialogProps) {
  const canIssueTaxInvoice = mayIssue && !notSent;
  const t = useT();
  const settings = useStoreSettings();
  const [type, setType] = useState<ReceiptType>(initialType ?? 'receipt');
  const [paper, setPaper] = useState<ReceiptPaper>('roll');
  const printRoot = useRef<HTMLDivElement>(null);
  const isOpen = open && sale !== null;
  // The full tax invoice (issue 36): its dialog open, and the one issued from here (the sale shown may be older).
  const [fullOpen, setFullOpen] = useState(false);
  const [issued, setIssued] = useState<{ saleId: number; id: number; number: string } | null>(null);

  const taxId = settings.data?.system.taxId ?? '';
  const types = sale ? receiptTypesFor(sale, taxId) : ['receipt'];
  const shownType: ReceiptType = types.includes(type) ? type : 'receipt';
  const issuedHere = issued && sale && issued.saleId === sale.id ? issued : null;
  const shownSale: Sale | null =
    sale && issuedHere && sale.tax_invoice_id === null
      ? { ...sale, tax_invoice_id: issuedHere.id, tax_invoice_number: issuedHere.number }
      : sale;
  // A sale with VAT and nothing returned may get one; one that has it shows it.
  const fullInvoice =
    shownSale &&
    isTaxInvoice(shownSale, taxId) &&
    (shownSale.tax_invoice_id !== null || (shownSale.status === 'completed' && canIssueTaxInvoice));
  // The e-Receipt by e-mail: while the shop sends e-Tax documents, for a sale left as it was without a full invoice
  // (that invoice is what a buyer is e-mailed), by whoever may sell.
  const [eReceiptOpen, setEReceiptOpen] = useState(false);
  const eReceipt =
    shownSale !== null &&
    settings.data?.etax?.enabled === true &&
    shownSale.tax_invoice_id === null &&
    shownSale.status === 'completed' &&
    canIssueTaxInvoice;
  // Right after a sale at a till with a printer the sale's receipt prints by itself: its progress shows here.
  const tillPrinter = showPaymentSummary && sale && !notSent ? salePrinter(sale, settings.data) : null;
  // Right after a sale made offline (issue 38): the till sends it to its own USB or serial printer itself; a
  // network printer cannot be reached (the server sends to it), which the dialog says.
  const offlinePrinter = showPaymentSummary && sale && notSent ? salePrinter(sale, settings.data) : null;
  const offlinePrint = useOfflineReceiptPrint(offlinePrinter && sale ? sale.document_number : null);
  const printsItself = tillPrinter !== null || (offlinePrint !== null && offlinePrint.state.phase !== 'skipped');
  // Elsewhere (the sales history, a receipt shown again) "print" goes to this device's till printer, if any.
  const print = useDocumentPrint({
    target: { kind: 'receipt', saleId: sale?.id ?? 0 },
    onBrowserPrint: () => {
      if (printRoot.current) printDocument(printRoot.current, paper);
    },
    direct: tillPrinter === null && paper === 'roll' && sale !== null && !notSent,
    autoFocus: !printsItself,
    variant: printsItself ? 'outline' : 'primary',
    testId: 'receipt-print',
  });
  const title = shownType === 'tax-invoice' ? t('receipt.dialogTitleTaxInvoice') : t('receipt.dialogTitleReceipt');

  // Never leave the app hidden if the dialog goes away mid-print.
  useEffect(() => () => document.body.classList.remove(PRINTING_CLASS), []);

  return (
    <Dialog open={isOpen} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="flex max-w-md flex-col overflow-hidden" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {sale ? t('receipt.description', { number: sale.document_number }) : ''}
          </DialogDescription>
        </DialogHeader>
        {sale ? (
          <>
            {notSent ? (
              <p
                role="status"
                data-testid="receipt-not-sent"
                className="flex gap-2 rounded-lg border border-amber-400 bg-amber-50 p-2 text-sm text-amber-950"
              >
                <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
                {t('offline.receiptNotSent')}
              </p>
            ) : null}
            {showPaymentSummary ? <SalePaymentSummary sale={sale} /> : null}
            {tillPrinter ? <SalePrintStatus key={sale.id} sale={sale} printerName={tillPrinter.name} /> : null}
            {offlinePrinter ? (
              <OfflinePrintStatus documentNumber={sale.document_number} printer={offlinePrinter} />
            ) : null}
            {types.length > 1 ? (
              <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label={t('receipt.typeLabel')}>
                <SegmentButton active={shownType === 'receipt'} onClick={() => setType('receipt')}>
                  {t('receipt.typeReceipt')}
                </SegmentButton>
                <SegmentButton active={shownType === 'tax-invoice'} onClick={() => setType('tax-invoice')}>
                  {t('receipt.typeTaxInvoice')}
                </SegmentButton>
              </div>
            ) : sale.exclude_vat ? (
              <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
                {t('receipt.noVatReceiptOnly')}
              </p>
            ) : null}
            {/* Focusable so keyboard users can scroll a long receipt (it scrolls on its own). */}
            <div
              role="region"
              aria-label={t('receipt.preview')}
              tabIndex={0}
              className="-mx-1 flex min-h-0 flex-1 items-start justify-center overflow-y-auto overscroll-contain rounded-lg bg-slate-100 p-3 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <ReceiptDocument
                sale={shownSale ?? sale}
                settings={settings.data}
                type={shownType}
                paper={paper}
                className={paperPreviewClass(paper)}
              />
            </div>
            <PaperChoice paper={paper} onChange={setPaper} />
            {print.status}
            {createPortal(
              <div ref={printRoot} className="receipt-print-root" data-paper={paper} aria-hidden>
                <ReceiptDocument sale={shownSale ?? sale} settings={settings.data} type={shownType} paper={paper} />
              </div>,
              document.body,
            )}
          </>
        ) : null}
        {/* Its own row: beside close, the full invoice and print the footer would have no room at 1280 px. */}
        {eReceipt ? (
          <Button
            variant="outline"
            className="w-full"
            onClick={() => setEReceiptOpen(true)}
            data-testid="receipt-e-receipt"
          >
            <Mail aria-hidden />
            {t('receipt.eReceipt.button')}
          </Button>
        ) : null}
        {/* Wraps: close, the full invoice and both prints (at a till with a printer) are too wide for one row. */}
        <DialogFooter className="sm:flex-wrap">
          {/* The till's printer prints it by itself: Enter closes rather than printing a second copy. */}
          <Button variant="outline" onClick={onClose} autoFocus={printsItself}>
            {t('common.close')}
          </Button>
          {fullInvoice ? (
            <Button variant="outline" onClick={() => setFullOpen(true)} data-testid="receipt-full-tax-invoice">
              <FileText aria-hidden />
              {shownSale.tax_invoice_number
                ? t('taxInvoice.issuedButton', { number: shownSale.tax_invoice_number })
                : t('taxInvoice.issueButton')}
            </Button>
          ) : null}
          {print.browserButton}
          {print.printButton}
        </DialogFooter>
      </DialogContent>
      {eReceiptOpen && shownSale ? <EReceiptDialog sale={shownSale} onClose={() => setEReceiptOpen(false)} /> : null}
      {fullOpen && shownSale ? (
        <TaxInvoiceDialog
          sale={shownSale}
          onClose={() => setFullOpen(false)}
          onIssued={(invoice) => setIssued({ saleId: invoice.saleId, id: invoice.id, number: invoice.number })}
        />
      ) : null}
    </Dialog>
  );
}
