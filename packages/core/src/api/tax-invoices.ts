import { z } from 'zod';
import { postcodeOf } from '../thai-address';
import { HEAD_OFFICE_BRANCH, isBranchNumber, isThaiTaxId, taxIdDigits } from '../thai-tax-id';
import { msg } from '../validation';
import { Id, MultiLineText, OptionalEmail, SingleLineText } from './common';

/**
 * Full tax invoices (ใบกำกับภาษีเต็มรูป, Revenue Code 86/4) issued for a sale on request, in place of its
 * short tax invoice (issue 36). Money is baht in the API; dates are ISO-8601 UTC text.
 */

export const TAX_BUYER_NAME_MAX_LENGTH = 200;
export const TAX_BUYER_ADDRESS_MAX_LENGTH = 500;

/** A 13-digit tax ID, spaces and dashes allowed as typed, its check digit verified. */
export const TaxId = SingleLineText(msg('taxInvoice.taxIdInvalid'))
  .transform(taxIdDigits)
  .refine(isThaiTaxId, msg('taxInvoice.taxIdInvalid'));

/** Five digits: 00000 for the head office (สำนักงานใหญ่), 00001… for a branch. */
export const BranchNumber = SingleLineText(msg('taxInvoice.branchInvalid')).refine(
  isBranchNumber,
  msg('taxInvoice.branchInvalid'),
);

/** Who the invoice is made out to: every field 86/4 asks for, and an e-mail for the e-Tax invoice. */
export const TaxInvoiceBuyer = z.object({
  name: SingleLineText(msg('taxInvoice.buyerNameRequired'))
    .min(1, msg('taxInvoice.buyerNameRequired'))
    .max(TAX_BUYER_NAME_MAX_LENGTH, msg('text.tooLong', { label: 'buyerName', max: TAX_BUYER_NAME_MAX_LENGTH })),
  address: MultiLineText(msg('taxInvoice.buyerAddressRequired'))
    .min(1, msg('taxInvoice.buyerAddressRequired'))
    .max(TAX_BUYER_ADDRESS_MAX_LENGTH, msg('text.tooLong', { label: 'address', max: TAX_BUYER_ADDRESS_MAX_LENGTH }))
    // A tax invoice's address is the full one, and e-Tax states its postcode apart.
    .refine((v) => v === '' || postcodeOf(v) !== null, msg('taxInvoice.buyerPostcodeRequired')),
  taxId: TaxId,
  branch: BranchNumber.default(HEAD_OFFICE_BRANCH),
  email: OptionalEmail,
});
export type TaxInvoiceBuyer = z.input<typeof TaxInvoiceBuyer>;

/**
 * `POST /api/sales/:id/tax-invoice`. `customerId`: keep these details on that customer (a regular buyer is
 * then one click); the sale's own customer when omitted and `saveToCustomer` is true.
 */
export const CreateTaxInvoiceRequest = z.object({
  buyer: TaxInvoiceBuyer,
  saveToCustomer: z.boolean().optional(),
  customerId: Id(msg('value.invalid', { label: 'customerId' })).nullish(),
});
export type CreateTaxInvoiceRequest = z.input<typeof CreateTaxInvoiceRequest>;

export const TaxParty = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  /** 00000 = head office. */
  branch: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TaxParty = z.infer<typeof TaxParty>;

export const TaxInvoiceLine = z.object({
  name: z.string(),
  code: z.string().nullable(),
  quantity: z.number(),
  /** Baht per unit as charged (VAT included when pricesIncludeVat). */
  unitPrice: z.number(),
  lineTotal: z.number(),
});

/** The e-Tax e-mail of a document: waiting, sent, or failed with the reason. */
export const ETAX_EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export const TaxDocumentEmail = z.object({
  id: z.number(),
  status: z.enum(ETAX_EMAIL_STATUSES),
  to: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type TaxDocumentEmail = z.infer<typeof TaxDocumentEmail>;

export const TaxInvoice = z.object({
  id: z.number(),
  /** INV<Buddhist-era year>-<6 digits>, or INV<year>-T<till>-<6 digits> per till. */
  number: z.string(),
  saleId: z.number(),
  /** The short tax invoice it replaces (the sale's document number), kept and marked as replaced. */
  replacesNumber: z.string(),
  issuedAt: z.string(),
  /** The date of supply: when the sale was made. */
  suppliedAt: z.string(),
  issuedBy: z.object({ id: z.number(), name: z.string() }),
  tillId: z.number().nullable(),
  /** Paid at once: titled ใบเสร็จรับเงิน/ใบกำกับภาษี. */
  paid: z.boolean(),
  seller: TaxParty,
  buyer: TaxParty,
  customerId: z.number().nullable(),
  vatRate: z.number(),
  pricesIncludeVat: z.boolean(),
  lines: z.array(TaxInvoiceLine),
  subtotal: z.number(),
  discount: z.number(),
  valueBeforeVat: z.number(),
  vat: z.number(),
  total: z.number(),
  /** The e-Tax e-mail, when the buyer gave an address and the shop sends e-Tax invoices. */
  email: TaxDocumentEmail.nullable(),
});
export type TaxInvoice = z.infer<typeof TaxInvoice>;

export const TaxInvoiceResponse = z.object({ taxInvoice: TaxInvoice });
export type TaxInvoiceResponse = z.infer<typeof TaxInvoiceResponse>;

/** An e-Tax e-mail on the managers' list: what it carries, to whom, and how sending went. */
export const EtaxEmail = z.object({
  id: z.number(),
  /** A full tax invoice, a credit note of its refund, or a sale's e-Receipt (ใบเสร็จรับเงิน, ETDA T01). */
  kind: z.enum(['tax_invoice', 'credit_note', 'receipt']),
  /** The document sent: the invoice's number, the credit note's, or the sale's own for a receipt. */
  documentNumber: z.string(),
  /** The full tax invoice sent or corrected; null for a receipt. */
  taxInvoiceId: z.number().nullable(),
  saleId: z.number(),
  to: z.string(),
  status: z.enum(ETAX_EMAIL_STATUSES),
  attempts: z.number(),
  /** Why the last try failed (the SMTP server's answer), null when none failed. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type EtaxEmail = z.infer<typeof EtaxEmail>;

export const ListEtaxEmailsQuery = z.object({
  status: z.enum(ETAX_EMAIL_STATUSES, { error: msg('value.invalid', { label: 'status' }) }).optional(),
});
export type ListEtaxEmailsQuery = z.input<typeof ListEtaxEmailsQuery>;

export const EtaxEmailsResponse = z.object({ emails: z.array(EtaxEmail) });
export const EtaxEmailResponse = z.object({ email: EtaxEmail });

/**
 * `POST /api/sales/:id/e-receipt`: e-mail the sale's e-Receipt (ใบเสร็จรับเงิน, ETDA T01, its PDF/A-3 with the XML
 * inside) to this address, ETDA's time-stamp address in copy. Asked again, it is sent again.
 */
export const SendEReceiptRequest = z.object({
  email: SingleLineText(msg('email.invalid'))
    .min(1, msg('eReceipt.emailRequired'))
    .max(254, msg('value.tooLong', { label: 'email' }))
    .refine((v) => v === '' || z.email().safeParse(v).success, msg('email.invalid')),
});
export type SendEReceiptRequest = z.input<typeof SendEReceiptRequest>;

/** The e-Receipt's e-mail just queued (202), or each one sent of a sale (`GET /api/sales/:id/e-receipt`). */
export const EReceiptEmailResponse = z.object({ email: TaxDocumentEmail });
export type EReceiptEmailResponse = z.infer<typeof EReceiptEmailResponse>;
export const EReceiptEmailsResponse = z.object({ emails: z.array(TaxDocumentEmail) });
export type EReceiptEmailsResponse = z.infer<typeof EReceiptEmailsResponse>;

/** A credit note of an invoiced sale's refund: `GET /api/tax-invoices/:id/credit-notes/:refundId/{xml,pdf}`. */
export const CreditNoteParams = z.object({
  id: Id(),
  refundId: Id(msg('value.invalid', { label: 'id' })),
});
