import { HEAD_OFFICE_BRANCH, postcodeOf, type SystemSettings } from '@pos/core';
import type { SaleHeadRow, SaleLineRow } from '../sale-records/sale-columns';
import type { CustomerRow } from '../customers/customers.queries';
import type { ReceiptDocument, TaxParty } from './tax-document';
import { saleFigures, sellerOf } from './tax-invoice-document';

/** What the PDF calls a buyer nobody named (ETDA's receipt names none). */
export const WALK_IN_BUYER = 'ลูกค้าทั่วไป';

/**
 * The receipt's buyer: the sale's customer as kept now (the name their tax ID goes with, and that ID, when they keep
 * one: the Easy E-Receipt deduction asks it), else the name the sale was made under, else a walk-in buyer.
 */
function receiptBuyer(
  sale: SaleHeadRow,
  customer: CustomerRow | null,
  email: string,
): { buyer: TaxParty; walkIn: boolean } {
  const taxId = customer?.tax_id ?? '';
  const name = (taxId !== '' ? customer?.tax_name : null) || customer?.name || sale.customer_name || WALK_IN_BUYER;
  const address = customer?.address ?? '';
  return {
    walkIn: !customer && !sale.customer_name,
    buyer: {
      name,
      address,
      taxId,
      branch: taxId !== '' ? (customer?.tax_branch ?? HEAD_OFFICE_BRANCH) : HEAD_OFFICE_BRANCH,
      email,
      phone: null,
      postcode: postcodeOf(address),
      place: null,
    },
  };
}

/**
 * A sale's e-Receipt (ETDA T01 ใบเสร็จรับเงิน): the sale's own number and date (it is the shop's receipt of that
 * money), its lines and figures exactly as recorded, the seller as the shop is now. Frozen when first sent.
 */
export function receiptDocument(input: {
  timeZone: string;
  system: SystemSettings;
  sale: SaleHeadRow;
  lines: SaleLineRow[];
  customer: CustomerRow | null;
  email: string;
}): ReceiptDocument {
  const { sale } = input;
  return {
    kind: 'receipt',
    number: sale.document_number,
    issuedAt: sale.created_at,
    timeZone: input.timeZone,
    seller: sellerOf(input.system),
    ...receiptBuyer(sale, input.customer, input.email),
    vatRateBp: sale.exclude_vat === 1 ? 0 : Number(sale.tax_rate_bp),
    ...saleFigures(sale, input.lines),
  };
}

/** The receipt first sent, to another address: the same document, the new recipient named on it. */
export function receiptTo(document: ReceiptDocument, email: string): ReceiptDocument {
  return { ...document, buyer: { ...document.buyer, email } };
}
