import type { Sale, StoreSettings } from '@pos/core';
import { useState } from 'react';
import { Barcode } from '../../components/barcode/barcode';
import type { BarcodeDrawOptions } from '../../components/barcode/barcode-render';
import { useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { storeIdentity } from '../settings/settings.queries';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';
import { documentHeading, formatAmount, printable, vatStatement, type ReceiptType } from './receipt';
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
  className?: string;
}

function Line({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
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
 * The printed document: a receipt or a short tax invoice. Black on white,
 * sized by its container (300 px on screen, the paper width when printed).
 */
export function ReceiptDocument({
  sale: saleAsStored,
  settings: settingsAsStored,
  type,
  className,
}: ReceiptDocumentProps) {
  const t = useT();
  const sale = printable(saleAsStored);
  const settings = printable(settingsAsStored);
  const { name: storeName, logoUrl } = storeIdentity(settings);
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const system = settings?.system;
  const vat = vatStatement(sale);
  const rate = vat.kind === 'none' ? '' : vat.rate.toLocaleString('th-TH', { maximumFractionDigits: 2 });
  const payment = sale.payment;
  const heading = documentHeading(sale, type);
  const title = t(heading.title);

  return (
    <article
      data-testid="receipt-document"
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
        {system?.address ? <p className="whitespace-pre-line">{system.address}</p> : null}
        {system?.phone ? <p>{t('receipt.phone', { phone: system.phone })}</p> : null}
        {system?.email ? <p>{t('receipt.email', { email: system.email })}</p> : null}
        {system?.taxId ? <p>{t('receipt.taxId', { taxId: system.taxId })}</p> : null}
        {/* The Revenue Department's number of a registered POS belongs on its short tax invoices. */}
        {system?.posRegistrationNumber && vat.kind !== 'none' ? (
          <p>{t('receipt.posRegistrationNumber', { number: system.posRegistrationNumber })}</p>
        ) : null}
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
        {sale.status === 'refunded' ? (
          <p className="mt-1 inline-block border border-black px-2 font-bold">{t('receipt.refunded')}</p>
        ) : null}
      </div>
      <div className="mt-1 space-y-0.5">
        <Line label={t('receipt.documentNumber')} value={sale.document_number} />
        <Line label={t('receipt.date')} value={formatDateTime(sale.created_at)} />
        <Line label={t('receipt.seller')} value={sale.created_by_name.trim() || t('receipt.sellerUnknown')} />
        {sale.exclude_vat && sale.vat_excluded_by_name ? (
          <Line label={t('receipt.vatExcludedBy')} value={sale.vat_excluded_by_name} />
        ) : null}
        {sale.exclude_vat && sale.vat_exclusion_approved_by_name ? (
          <Line label={t('receipt.vatExclusionApprovedBy')} value={sale.vat_exclusion_approved_by_name} />
        ) : null}
        <Line label={t('receipt.customer')} value={sale.customer_name?.trim() || t('receipt.generalCustomer')} />
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
        <Line label={t('receipt.subtotal')} value={formatAmount(sale.subtotal)} />
        <Line
          label={
            sale.points_used > 0 ? t('receipt.discountPoints', { count: sale.points_used }) : t('receipt.discount')
          }
          value={sale.discount > 0 ? `-${formatAmount(sale.discount)}` : formatAmount(0)}
        />
        {vat.kind === 'separate' ? <Line label={t('receipt.vat', { rate })} value={formatAmount(sale.tax)} /> : null}
        {vat.kind === 'included' ? (
          <Line label={t('receipt.vatIncluded', { rate })} value={formatAmount(sale.tax)} />
        ) : null}
        {vat.kind === 'none' ? <Line label={t('receipt.vatExcluded')} value={formatAmount(sale.tax)} /> : null}
        <Line label={t('receipt.total')} value={formatAmount(sale.total)} strong />
      </div>

      <Rule />
      <div className="space-y-0.5">
        <Line label={t('receipt.paymentMethod')} value={t(PAYMENT_METHOD_LOOK[payment.method].label)} />
        {sale.payments.length > 1
          ? sale.payments.map((part) => (
              <Line
                key={part.method}
                testId="receipt-payment-part"
                label={`· ${t(PAYMENT_METHOD_LOOK[part.method].label)}${part.reference ? ` (${part.reference})` : ''}`}
                value={formatAmount(part.amount)}
              />
            ))
          : null}
        {payment.cash_received !== null ? (
          <Line label={t('receipt.cashReceived')} value={formatAmount(payment.cash_received)} />
        ) : null}
        {payment.change !== null ? <Line label={t('receipt.change')} value={formatAmount(payment.change)} /> : null}
        {payment.reference ? <Line label={t('receipt.reference')} value={payment.reference} /> : null}
      </div>

      {sale.customer_id !== null ? (
        <>
          <Rule />
          <div className="space-y-0.5">
            <Line label={t('receipt.pointsUsed')} value={sale.points_used.toLocaleString('th-TH')} />
            <Line label={t('receipt.pointsEarned')} value={sale.points_earned.toLocaleString('th-TH')} />
            {sale.final_loyalty_points !== null ? (
              <Line label={t('receipt.pointsBalance')} value={sale.final_loyalty_points.toLocaleString('th-TH')} />
            ) : null}
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
