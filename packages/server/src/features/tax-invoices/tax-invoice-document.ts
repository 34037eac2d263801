import {
  EDIT_SALE_REASON,
  REFUND_REASON_DOCUMENT_TEXT,
  postcodeOf,
  satangToBaht,
  type SystemSettings,
  type TaxDocumentEmail,
  type TaxInvoice,
} from '@pos/core';
import type { z } from 'zod';
import type { CreateTaxInvoiceRequest } from '@pos/core';
import type { SaleHeadRow, SaleLineRow } from '../sale-records/sale-columns';
import type { CreditNoteDocument, TaxInvoiceDocument, TaxParty } from './tax-document';
import type { CreditNoteRefund, TaxInvoiceRow } from './tax-invoices.queries';

type Buyer = z.output<typeof CreateTaxInvoiceRequest>['buyer'];

/** The shop as the seller on a tax document, from its settings when the document is issued. */
export function sellerOf(system: SystemSettings): TaxParty {
  return {
    name: system.storeName,
    address: system.address,
    taxId: system.taxId,
    branch: system.branch,
    email: system.email === '' ? null : system.email,
    phone: system.phone === '' ? null : system.phone,
    postcode: system.postcode === '' ? postcodeOf(system.address) : system.postcode,
    place:
      system.addressSubdistrict === ''
        ? null
        : {
            buildingNumber: system.addressBuildingNumber,
            subdistrict: system.addressSubdistrict,
            district: system.addressDistrict,
            province: system.addressProvince,
          },
  };
}

/** A sale's lines and figures (satang) as its tax documents state them, an invoice's or a receipt's alike. */
export function saleFigures(sale: SaleHeadRow, lines: readonly SaleLineRow[]) {
  const tax = Number(sale.tax);
  const total = Number(sale.total);
  return {
    pricesIncludeVat: sale.prices_include_vat === 1,
    lines: lines.map((line) => ({
      name: lineName(line),
      code: line.sku ?? line.barcode ?? null,
      quantity: Number(line.quantity),
      unitPrice: Number(line.price),
      lineTotal: Number(line.line_total),
    })),
    subtotal: Number(sale.subtotal),
    discount: Number(sale.discount),
    valueBeforeVat: total - tax,
    vat: tax,
    total,
  };
}

/**
 * The full tax invoice of a sale as issued: its lines and figures exactly as the sale recorded them (the
 * till's arithmetic, never worked out again), the seller and buyer as they are now, frozen from here on.
 */
export function taxInvoiceDocument(input: {
  number: string;
  issuedAt: string;
  timeZone: string;
  system: SystemSettings;
  buyer: Buyer;
  sale: SaleHeadRow;
  lines: SaleLineRow[];
}): TaxInvoiceDocument {
  const { sale } = input;
  return {
    kind: 'tax_invoice',
    number: input.number,
    issuedAt: input.issuedAt,
    timeZone: input.timeZone,
    seller: sellerOf(input.system),
    buyer: {
      name: input.buyer.name,
      address: input.buyer.address,
      taxId: input.buyer.taxId,
      branch: input.buyer.branch,
      email: input.buyer.email ?? null,
      phone: null,
      postcode: postcodeOf(input.buyer.address),
      place: null,
    },
    vatRateBp: Number(sale.tax_rate_bp),
    // Every sale is recorded once paid: the invoice is also the receipt.
    paid: true,
    suppliedAt: sale.created_at,
    replaces: { number: sale.document_number, issuedAt: sale.created_at },
    ...saleFigures(sale, input.lines),
  };
}

/** A line's name as documents show it: the product with the size and colour sold. */
export function lineName(line: { product_name: string; size: string | null; color: string | null }): string {
  return [line.product_name, line.size, line.color].filter((part) => part).join(' ');
}

/** A refund's reason as the credit note states it, in Thai. */
export function reasonText(refund: Pick<CreditNoteRefund, 'reason' | 'edit_reason'>): string {
  const known = (REFUND_REASON_DOCUMENT_TEXT as Readonly<Record<string, string>>)[refund.reason];
  if (refund.reason === EDIT_SALE_REASON && refund.edit_reason) return `${known}: ${refund.edit_reason}`;
  return known ?? refund.reason;
}

/**
 * The credit note (86/10) of a refund of a sale with a full tax invoice, from the invoice as issued and the
 * refund as recorded: the invoice's value before VAT less what earlier credit notes took off, the value this one
 * takes off (the refund's amount less its VAT), and the correct value that leaves. Built when asked: both are
 * final once written, so it reads the same every time.
 */
export function creditNoteDocument(
  invoice: { number: string; document: TaxInvoiceDocument },
  refunds: CreditNoteRefund[],
  refundId: number,
): CreditNoteDocument | null {
  const index = refunds.findIndex((r) => r.id === refundId);
  const refund = refunds[index];
  if (!refund?.credit_note_number) return null;
  const valueOff = (r: CreditNoteRefund) => Number(r.amount) - Number(r.vat);
  const earlier = refunds.slice(0, index).reduce((sum, r) => sum + valueOff(r), 0);
  const originalValue = invoice.document.valueBeforeVat - earlier;
  const difference = valueOff(refund);
  const doc = invoice.document;
  return {
    kind: 'credit_note',
    number: refund.credit_note_number,
    issuedAt: refund.created_at,
    timeZone: doc.timeZone,
    seller: doc.seller,
    buyer: doc.buyer,
    vatRateBp: doc.vatRateBp,
    // A refund's lines are the money given back, VAT included whatever the sale's mode.
    pricesIncludeVat: true,
    lines: refund.lines.map((line) => ({
      name: lineName(line),
      code: line.sku ?? line.barcode ?? null,
      quantity: Number(line.quantity),
      unitPrice: Math.round(Number(line.amount) / Number(line.quantity)),
      lineTotal: Number(line.amount),
    })),
    invoice: {
      number: invoice.number,
      issuedAt: doc.issuedAt,
      valueBeforeVat: doc.valueBeforeVat,
      typeCode: doc.paid ? 'T03' : '388',
    },
    reason: reasonText(refund),
    reasonCode: refund.reason,
    originalValue,
    correctValue: originalValue - difference,
    difference,
    vat: Number(refund.vat),
    total: Number(refund.amount),
  };
}

export function toApiTaxInvoice(row: TaxInvoiceRow, email: TaxDocumentEmail | null): TaxInvoice {
  const doc = JSON.parse(row.document) as TaxInvoiceDocument;
  return {
    id: row.id,
    number: row.number,
    saleId: row.sale_id,
    replacesNumber: doc.replaces.number,
    issuedAt: row.issued_at,
    suppliedAt: doc.suppliedAt,
    issuedBy: { id: row.issued_by, name: row.issued_by_name },
    tillId: row.till_id,
    paid: doc.paid,
    seller: doc.seller,
    buyer: doc.buyer,
    customerId: row.customer_id,
    vatRate: doc.vatRateBp / 100,
    pricesIncludeVat: doc.pricesIncludeVat,
    lines: doc.lines.map((line) => ({
      name: line.name,
      code: line.code,
      quantity: line.quantity,
      unitPrice: satangToBaht(line.unitPrice),
      lineTotal: satangToBaht(line.lineTotal),
    })),
    subtotal: satangToBaht(doc.subtotal),
    discount: satangToBaht(doc.discount),
    valueBeforeVat: satangToBaht(doc.valueBeforeVat),
    vat: satangToBaht(doc.vat),
    total: satangToBaht(doc.total),
    email,
  };
}
