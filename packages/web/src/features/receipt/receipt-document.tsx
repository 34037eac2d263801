import type { Sale, StoreSettings } from '@pos/core';
import { useState } from 'react';
import { Barcode } from '../../components/barcode/barcode';
import type { BarcodeDrawOptions } from '../../components/barcode/barcode-render';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { storeIdentity } from '../settings/settings.queries';
import { PAYMENT_METHOD_LOOK, paymentPartName } from '../payments/payment-methods';
import { A4Document, type A4Figure } from './a4-document';
import { documentDateTime, documentT } from './document-language';
import {
  documentHeading,
  formatAmount,
  printable,
  vatStatement,
  type ReceiptPaper,
  type ReceiptType,
  type VatStatement,
} from './receipt';
import { ReceiptLinesTable } from './receipt-lines-table';

/** Spec 001: a CODE128 barcode of the document, bar width 1.5, height 40. */
const RECEIPT_BARCODE: Readonly<BarcodeDrawOptions> = Object.freeze({
  format: 'CODE128',
  width: 1.5,
  height: 40,
  margin: 0,
  fontSize: 12,
  background: '#ffffff',
  lineColor: '#000000',
  textPosition: 'bottom',
  displayValue: true,
});

interface ReceiptDocumentProps {
  sale: Sale;
  settings: StoreSettings | undefined;
  type: ReceiptType;
  /** The 80 mm roll's narrow slip (the default) or the A4 page layout. */
  paper?: ReceiptPaper;
  className?: string;
}

const t = documentT;

/** The VAT line of the totals, if the document has one (a plain receipt of a shop without VAT has none). */
function vatFigure(vat: VatStatement, tax: number): A4Figure | null {
  const rate = 'rate' in vat ? vat.rate.toLocaleString('th-TH', { maximumFractionDigits: 2 }) : '';
  switch (vat.kind) {
    case 'separate':
      return { label: t('receipt.vat', { rate }), value: formatAmount(tax) };
    case 'included':
      return { label: t('receipt.vatIncluded', { rate }), value: formatAmount(tax) };
    case 'excluded':
      return { label: t('receipt.vatExcluded'), value: formatAmount(0) };
    case 'added':
      return { label: t('receipt.addedCharge'), value: formatAmount(tax) };
    case 'none':
      return null;
  }
}

/** The totals: subtotal, discount, VAT as the document may state it, total. */
function totalFigures(sale: Sale, vat: VatStatement): A4Figure[] {
  const vatLine = vatFigure(vat, sale.tax);
  return [
    { label: t('receipt.subtotal'), value: formatAmount(sale.subtotal) },
    {
      label: sale.points_used > 0 ? t('receipt.discountPoints', { count: sale.points_used }) : t('receipt.discount'),
      value: sale.discount > 0 ? `-${formatAmount(sale.discount)}` : formatAmount(0),
    },
    ...(vatLine ? [vatLine] : []),
    { label: t('receipt.total'), value: formatAmount(sale.total), strong: true },
  ];
}

/** A figure of the slip; `testId` marks the lines tests read (each part of a split payment). */
type SlipFigure = A4Figure & { testId?: string };

function Line({ label, value, strong = false, testId }: SlipFigure) {
  return (
    <div data-testid={testId} className={cn('flex justify-between gap-2', strong && 'text-[1.35em] font-bold')}>
      <span>{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

function Rule() {
  return <hr className="my-2 border-0 border-t border-dashed border-black" />;
}

/**
 * The printed document: a receipt or a short tax invoice, in Thai whatever the screen language.
 * The roll's slip is black on white, sized by its container (300 px on screen, the paper width when
 * printed); the A4 page is laid out by A4Document.
 */
export function ReceiptDocument({
  sale: saleAsStored,
  settings: settingsAsStored,
  type,
  paper = 'roll',
  className,
}: ReceiptDocumentProps) {
  const sale = printable(saleAsStored);
  const settings = printable(settingsAsStored);
  const { name: storeName, logoUrl } = storeIdentity(settings);
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const system = settings?.system;
  const taxId = system?.taxId ?? '';
  const vat = vatStatement(sale, taxId);
  const taxInvoice = vat.kind === 'included' || vat.kind === 'separate';
  const payment = sale.payment;
  const heading = documentHeading(sale, type, taxId);
  const title = t(heading.title);
  const seller = sale.created_by_name.trim() || t('receipt.sellerUnknown');
  const customer = sale.customer_name?.trim() || t('receipt.generalCustomer');
  // The till (cash drawer) that sold it, when the shop has tills (issue 35).
  const till = sale.till_name?.trim() || null;
  const sellerLines = [
    system?.address ?? '',
    system?.phone ? t('receipt.phone', { phone: system.phone }) : '',
    system?.email ? t('receipt.email', { email: system.email }) : '',
    taxId ? t('receipt.taxId', { taxId }) : '',
    // The Revenue Department's number of a registered POS belongs on its short tax invoices.
    system?.posRegistrationNumber && taxInvoice
      ? t('receipt.posRegistrationNumber', { number: system.posRegistrationNumber })
      : '',
  ].filter((line) => line !== '');
  const vatExclusion: A4Figure[] = [
    ...(sale.exclude_vat && sale.vat_excluded_by_name
      ? [{ label: t('receipt.vatExcludedBy'), value: sale.vat_excluded_by_name }]
      : []),
    ...(sale.exclude_vat && sale.vat_exclusion_approved_by_name
      ? [{ label: t('receipt.vatExclusionApprovedBy'), value: sale.vat_exclusion_approved_by_name }]
      : []),
  ];
  const paymentFigures: SlipFigure[] = [
    { label: t('receipt.paymentMethod'), value: t(PAYMENT_METHOD_LOOK[payment.method].label) },
    // A bill paid several ways lists each part under the method line.
    ...(sale.payments.length > 1
      ? sale.payments.map((part) => ({
          label: `· ${paymentPartName(part, t)}`,
          value: formatAmount(part.amount),
          testId: 'receipt-payment-part',
        }))
      : []),
    ...(payment.cash_received !== null
      ? [{ label: t('receipt.cashReceived'), value: formatAmount(payment.cash_received) }]
      : []),
    ...(payment.change !== null ? [{ label: t('receipt.change'), value: formatAmount(payment.change) }] : []),
    ...(payment.reference ? [{ label: t('receipt.reference'), value: payment.reference }] : []),
  ];
  const pointFigures: A4Figure[] =
    sale.customer_id === null
      ? []
      : [
          { label: t('receipt.pointsUsed'), value: sale.points_used.toLocaleString('th-TH') },
          { label: t('receipt.pointsEarned'), value: sale.points_earned.toLocaleString('th-TH') },
          ...(sale.final_loyalty_points !== null
            ? [{ label: t('receipt.pointsBalance'), value: sale.final_loyalty_points.toLocaleString('th-TH') }]
            : []),
        ];
  // Replaced by a full tax invoice (issue 36): the short one is kept, and says by which.
  const replacedBy = sale.tax_invoice_number
    ? t('taxInvoice.doc.replacedBy', { number: sale.tax_invoice_number })
    : null;
  const notes = [
    ...heading.notes.map((note) => t(note)),
    ...(replacedBy ? [replacedBy] : []),
    ...(sale.status === 'refunded' ? [t('receipt.refunded')] : []),
  ];

  if (paper === 'a4') {
    return (
      <A4Document
        testId="receipt-document"
        className={className}
        title={title}
        copy={heading.copy}
        notes={notes}
        seller={{ name: storeName, logoUrl, lines: sellerLines }}
        meta={[
          { label: t('receipt.documentNumber'), value: sale.document_number },
          { label: t('receipt.date'), value: documentDateTime(sale.created_at) },
          { label: t('receipt.seller'), value: seller },
          ...(till ? [{ label: t('receipt.till'), value: till }] : []),
        ]}
        buyer={{ heading: t('receipt.customer'), name: customer, lines: [] }}
        lines={sale.items.map((item) => ({
          id: item.id,
          description: item.product_name || item.name,
          details: item.size || item.color ? [variantText(item, t)] : [],
          quantity: item.quantity,
          unitPrice: item.price,
          originalPrice: item.original_price,
          amount: item.total,
        }))}
        totals={totalFigures(sale, vat)}
        remarks={[...vatExclusion, ...paymentFigures, ...pointFigures].map((f) => `${f.label}: ${f.value}`)}
        signatures={[t('receipt.signatureReceiver')]}
        footer={<Barcode value={sale.document_number} options={RECEIPT_BARCODE} />}
      />
    );
  }

  return (
    <article
      lang="th"
      data-testid="receipt-document"
      data-paper="roll"
      className={cn('bg-white text-[12px] leading-normal text-black', className)}
      aria-label={heading.copy ? `${t('receipt.copyMark')} ${title}` : title}
    >
      <header className="space-y-0.5 text-center">
        {logoUrl && failedLogo !== logoUrl ? (
          <img
            src={logoUrl}
            alt={t('layout.storeLogo')}
            onError={() => setFailedLogo(logoUrl)}
            className="mx-auto mb-1 max-h-16 max-w-[60%] object-contain"
          />
        ) : null}
        <p className="text-[1.25em] font-bold">{storeName}</p>
        {sellerLines.map((line) => (
          <p key={line} className="whitespace-pre-line">
            {line}
          </p>
        ))}
      </header>

      <Rule />
      <div className="text-center">
        {heading.copy ? (
          <p className="mb-1 inline-block border-2 border-black px-3 text-[1.15em] font-bold tracking-widest">
            {t('receipt.copyMark')}
          </p>
        ) : null}
        <h3 className="text-[1.15em] font-bold">{title}</h3>
        {heading.notes.map((note) => (
          <p key={note}>{t(note)}</p>
        ))}
        {replacedBy ? (
          <p className="mt-1 border border-black px-2 font-bold" data-testid="receipt-replaced-by">
            {replacedBy}
          </p>
        ) : null}
        {sale.status === 'refunded' ? (
          <p className="mt-1 inline-block border border-black px-2 font-bold">{t('receipt.refunded')}</p>
        ) : null}
      </div>
      <div className="mt-1 space-y-0.5">
        <Line label={t('receipt.documentNumber')} value={sale.document_number} />
        <Line label={t('receipt.date')} value={documentDateTime(sale.created_at)} />
        <Line label={t('receipt.seller')} value={seller} />
        {till ? <Line label={t('receipt.till')} value={till} /> : null}
        {vatExclusion.map((f) => (
          <Line key={f.label} label={f.label} value={f.value} />
        ))}
        <Line label={t('receipt.customer')} value={customer} />
      </div>

      <Rule />
      <ReceiptLinesTable
        lines={sale.items.map((item) => ({
          id: item.id,
          name: item.product_name || item.name,
          variant: item.size || item.color ? variantText(item, t) : null,
          price: item.price,
          originalPrice: item.original_price,
          quantity: item.quantity,
          amount: item.total,
        }))}
      />

      <Rule />
      <div className="space-y-0.5">
        {totalFigures(sale, vat).map((f) => (
          <Line key={f.label} label={f.label} value={f.value} strong={f.strong} />
        ))}
      </div>

      <Rule />
      <div className="space-y-0.5">
        {paymentFigures.map((f) => (
          <Line key={f.label} label={f.label} value={f.value} testId={f.testId} />
        ))}
      </div>

      {pointFigures.length > 0 ? (
        <>
          <Rule />
          <div className="space-y-0.5">
            {pointFigures.map((f) => (
              <Line key={f.label} label={f.label} value={f.value} />
            ))}
          </div>
        </>
      ) : null}

      <Rule />
      <div className="flex justify-center pt-1">
        <Barcode value={sale.document_number} options={RECEIPT_BARCODE} />
      </div>
      <p className="mt-2 text-center">{t('receipt.thanks')}</p>
    </article>
  );
}
