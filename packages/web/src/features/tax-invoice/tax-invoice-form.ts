import {
  HEAD_OFFICE_BRANCH,
  TaxInvoiceBuyer,
  type CreateTaxInvoiceRequest,
  type Customer,
  type TaxParty,
} from '@pos/core';
import { z } from 'zod';
import type { Translate } from '../../i18n';

/**
 * The dialog's form: core's buyer schema under `buyer`, as the request has it, so what the form accepts is what the
 * server accepts and a refusal's field (`buyer.taxId`) lands on the form's own path.
 */
export const TaxInvoiceForm = z.object({ buyer: TaxInvoiceBuyer });
export type TaxInvoiceFormInput = z.input<typeof TaxInvoiceForm>;
export type TaxInvoiceFormOutput = z.output<typeof TaxInvoiceForm>;
type BuyerInput = TaxInvoiceFormInput['buyer'];
type BuyerOutput = TaxInvoiceFormOutput['buyer'];

/** The fields a 400 VALIDATION_FAILED may name. */
export const TAX_INVOICE_FORM_FIELDS = [
  'buyer.name',
  'buyer.address',
  'buyer.taxId',
  'buyer.branch',
  'buyer.email',
] as const;

export const EMPTY_BUYER: BuyerInput = {
  name: '',
  address: '',
  taxId: '',
  branch: HEAD_OFFICE_BRANCH,
  email: '',
};

/** Whether a customer has the tax details a full invoice needs kept (a tax ID is the one that matters). */
export function hasTaxDetails(customer: Pick<Customer, 'tax_id'>): boolean {
  return (customer.tax_id ?? '').trim() !== '';
}

/**
 * The form filled from a customer: the name on invoices (else the customer's own), the address, the tax ID and
 * branch kept, the e-mail. A customer without a tax ID still gives name and address; the tax ID stays to type.
 */
export function buyerFromCustomer(
  customer: Pick<Customer, 'name' | 'address' | 'email' | 'tax_name' | 'tax_id' | 'tax_branch'>,
): BuyerInput {
  return {
    name: customer.tax_name?.trim() || customer.name,
    address: customer.address ?? '',
    taxId: customer.tax_id ?? '',
    branch: customer.tax_branch || HEAD_OFFICE_BRANCH,
    email: customer.email ?? '',
  };
}

/**
 * What POST /api/sales/:id/tax-invoice gets. The e-mail is sent only when the shop sends e-Tax invoices (the
 * field is hidden otherwise); the details are kept on `customerId` when the box is ticked.
 */
export function taxInvoiceRequest(
  buyer: BuyerOutput,
  options: { etaxEnabled: boolean; saveTo: number | null },
): CreateTaxInvoiceRequest {
  const { email, ...rest } = buyer;
  return {
    buyer: options.etaxEnabled && email ? { ...rest, email } : rest,
    ...(options.saveTo === null ? {} : { saveToCustomer: true, customerId: options.saveTo }),
  };
}

/** "สำนักงานใหญ่" or "สาขาที่ 00003", as a tax document writes a party's branch. */
export function branchText(branch: string, t: Translate): string {
  return branch === HEAD_OFFICE_BRANCH || branch.trim() === ''
    ? t('taxInvoice.doc.headOffice')
    : t('taxInvoice.doc.branch', { branch });
}

/** A party's lines under its name: address, tax ID, branch, phone. */
export function partyLines(party: TaxParty, t: Translate): string[] {
  return [
    party.address,
    `${t('taxInvoice.doc.taxId', { taxId: party.taxId })} ${branchText(party.branch, t)}`,
    party.phone ? t('taxInvoice.doc.phone', { phone: party.phone }) : '',
  ].filter((line) => line.trim() !== '');
}
