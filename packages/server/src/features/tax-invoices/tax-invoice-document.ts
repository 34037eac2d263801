import { satangToBaht, type SystemSettings, type TaxDocumentEmail, type TaxInvoice } from '@pos/core';
import type { z } from 'zod';
import type { CreateTaxInvoiceRequest } from '@pos/core';
import type { SaleHeadRow, SaleLineRow } from '../sale-records/sale-columns';
import type { TaxInvoiceDocument, TaxParty } from './tax-document';
import type { TaxInvoiceRow } from './tax-invoices.queries';

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
  const tax = Number(sale.tax);
  const total = Number(sale.total);
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
    },
    vatRateBp: Number(sale.tax_rate_bp),
    pricesIncludeVat: sale.prices_include_vat === 1,
    lines: input.lines.map((line) => ({
      name: [line.product_name, line.size, line.color].filter((part) => part).join(' '),
      code: line.sku ?? line.barcode ?? null,
      quantity: Number(line.quantity),
      unitPrice: Number(line.price),
      lineTotal: Number(line.line_total),
    })),
    // Every sale is recorded once paid: the invoice is also the receipt.
    paid: true,
    suppliedAt: sale.created_at,
    replaces: { number: sale.document_number, issuedAt: sale.created_at },
    subtotal: Number(sale.subtotal),
    discount: Number(sale.discount),
    valueBeforeVat: total - tax,
    vat: tax,
    total,
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
