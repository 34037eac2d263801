import { randomUUID } from 'node:crypto';
import {
  ETAX_EMAIL_STATUSES,
  vatAppliesTo,
  type CreateTaxInvoiceRequest,
  type TaxDocumentEmail,
  type TaxInvoice,
} from '@pos/core';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/executor';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { findLiveCustomer, saveCustomerTaxDetails } from '../customers/customers.queries';
import { nextInSeries } from '../sale-records/document-counters.queries';
import { formatDocumentNumber } from '../sale-records/document-number';
import { findSaleHeads, findSaleLineRows } from '../sale-records/sale-rows.queries';
import { readSettingsShared } from '../settings/settings.service';
import type { CreditNoteDocument, TaxInvoiceDocument } from './tax-document';
import { taxDocumentFiles } from './tax-document-files';
import { creditNoteDocument, taxInvoiceDocument, toApiTaxInvoice } from './tax-invoice-document';
import { taxInvoiceSeries } from './tax-invoice-number';
import {
  findCreditNoteRefunds,
  findEtaxEmailsOf,
  findTaxInvoiceDocumentOfSale,
  findTaxInvoiceOfSale,
  findTaxInvoiceRow,
  insertEtaxEmail,
  insertTaxInvoice,
  lockSaleForInvoice,
} from './tax-invoices.queries';

export type TaxInvoiceDeps = Pick<Deps, 'db' | 'now' | 'config' | 'etaxEmails'>;

function alreadyIssued(number: string) {
  return conflict('TAX_INVOICE_EXISTS', { details: { number } });
}

/**
 * Issues the full tax invoice (86/4) of a sale in place of its short one, in one transaction holding the
 * sale's row: checked (a shop with a tax ID, a sale with VAT and nothing returned, no invoice yet), numbered
 * in its gapless series, frozen, the buyer's details kept on the customer when asked, and its e-Tax e-mail
 * queued when the shop sends them and the buyer gave an address. The short invoice stays as it was, marked
 * replaced by the invoice's existence (never deleted, never issued twice for one sale).
 */
export async function issueTaxInvoice(
  deps: TaxInvoiceDeps,
  user: SessionUser,
  saleId: number,
  input: z.output<typeof CreateTaxInvoiceRequest>,
): Promise<TaxInvoice> {
  const settings = await readSettingsShared(deps.db.kysely);
  if (!vatAppliesTo(settings.system)) throw conflict('TAX_INVOICE_SHOP_TAX_ID_MISSING');
  try {
    const invoice = await deps.db.kysely.transaction().execute(async (trx) => {
      const sale = await lockSaleForInvoice(trx, saleId);
      if (!sale) throw notFound('SALE_NOT_FOUND');
      const existing = await findTaxInvoiceOfSale(trx, saleId);
      if (existing) throw alreadyIssued(existing.number);
      if (sale.exclude_vat === 1 || Number(sale.tax_rate_bp) === 0) throw conflict('TAX_INVOICE_NO_VAT');
      if (sale.status !== 'completed') throw conflict('TAX_INVOICE_SALE_REFUNDED');

      const now = deps.now();
      const issuedAt = now.toISOString();
      const customerId = input.customerId ?? (input.saveToCustomer ? sale.customer_id : null);
      if (customerId !== null) {
        const customer = await findLiveCustomer(trx, customerId, { lock: true });
        if (!customer) throw notFound('CUSTOMER_NOT_FOUND');
        await saveCustomerTaxDetails(
          trx,
          customerId,
          { taxName: input.buyer.name, ...input.buyer, email: input.buyer.email ?? null },
          issuedAt,
        );
      }

      const [[head], lines] = await Promise.all([findSaleHeads(trx, [saleId]), findSaleLineRows(trx, [saleId])]);
      const series = taxInvoiceSeries(now, deps.config.shopTimezone, sale.till_id);
      const number = formatDocumentNumber(series, await nextInSeries(trx, series));
      const document = taxInvoiceDocument({
        number,
        issuedAt,
        timeZone: deps.config.shopTimezone,
        system: settings.system,
        buyer: input.buyer,
        sale: head!,
        lines,
      });
      const id = await insertTaxInvoice(trx, {
        sale_id: saleId,
        number,
        till_id: sale.till_id,
        customer_id: customerId,
        issued_by: user.id,
        issued_at: issuedAt,
        buyer_name: input.buyer.name,
        buyer_tax_id: input.buyer.taxId,
        buyer_email: input.buyer.email ?? null,
        document: JSON.stringify(document),
      });
      if (settings.etax.enabled && input.buyer.email) {
        await queueEtaxEmail(
          trx,
          { kind: 'tax_invoice', saleId, taxInvoiceId: id, refundId: null },
          input.buyer.email,
          now,
        );
      }
      return readTaxInvoice(trx, id);
    });
    if (invoice.email) deps.etaxEmails.wake();
    return invoice;
  } catch (err) {
    // Two requests for one sale raced past the check; the unique index on sale_id decided.
    if (isUniqueViolation(err)) {
      const winner = await findTaxInvoiceOfSale(deps.db.kysely, saleId);
      if (winner) throw alreadyIssued(winner.number);
    }
    throw err;
  }
}

/**
 * Writes a document's e-Tax e-mail into the outbox, in the transaction that issues the document. A receipt's
 * e-mail carries its document (JSON) as sent; an invoice's and a credit note's are built from the invoice's.
 */
export async function queueEtaxEmail(
  trx: DbExecutor,
  document:
    | { kind: 'tax_invoice' | 'credit_note'; saleId: number; taxInvoiceId: number; refundId: number | null }
    | { kind: 'receipt'; saleId: number; receipt: string },
  recipient: string,
  now: Date,
): Promise<number> {
  const invoice = document.kind === 'receipt' ? null : document;
  return insertEtaxEmail(trx, {
    kind: document.kind,
    sale_id: document.saleId,
    tax_invoice_id: invoice?.taxInvoiceId ?? null,
    refund_id: invoice?.refundId ?? null,
    document: document.kind === 'receipt' ? document.receipt : null,
    recipient,
    message_id: `<${randomUUID()}@etax.pos>`,
    next_attempt_at: now.toISOString(),
    claimed_until: null,
    claim_token: null,
    last_error: null,
    created_at: now.toISOString(),
    finished_at: null,
  });
}

/**
 * A refund's credit note corrects the sale's full tax invoice; when that invoice went to the buyer as an e-Tax
 * invoice, so does the credit note (in the refund's transaction). A sale without one costs one indexed read.
 */
export async function queueCreditNoteEmail(
  trx: DbExecutor,
  saleId: number,
  refundId: number,
  now: Date,
): Promise<void> {
  const invoice = await findTaxInvoiceOfSale(trx, saleId);
  if (!invoice?.buyer_email) return;
  const settings = await readSettingsShared(trx);
  if (!settings.etax.enabled) return;
  await queueEtaxEmail(
    trx,
    { kind: 'credit_note', saleId, taxInvoiceId: invoice.id, refundId },
    invoice.buyer_email,
    now,
  );
}

export function toApiEmail(row: Awaited<ReturnType<typeof findEtaxEmailsOf>>[number]): TaxDocumentEmail {
  const status = (ETAX_EMAIL_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as TaxDocumentEmail['status'])
    : 'failed';
  return {
    id: row.id,
    status,
    to: row.recipient,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    sentAt: status === 'sent' ? row.finished_at : null,
  };
}

async function readTaxInvoice(db: DbExecutor, id: number): Promise<TaxInvoice> {
  const [row, emails] = await Promise.all([findTaxInvoiceRow(db, id), findEtaxEmailsOf(db, id)]);
  if (!row) throw notFound('TAX_INVOICE_NOT_FOUND');
  const own = emails.find((e) => e.kind === 'tax_invoice');
  return toApiTaxInvoice(row, own ? toApiEmail(own) : null);
}

export function getTaxInvoice(deps: Pick<Deps, 'db'>, id: number): Promise<TaxInvoice> {
  return readTaxInvoice(deps.db.kysely, id);
}

/** A full tax invoice's document as issued. */
async function invoiceDocument(deps: Pick<Deps, 'db'>, id: number) {
  const row = await findTaxInvoiceRow(deps.db.kysely, id);
  if (!row) throw notFound('TAX_INVOICE_NOT_FOUND');
  return { row, document: JSON.parse(row.document) as TaxInvoiceDocument };
}

/** The invoice's ETDA XML and PDF/A-3 (the XML inside), built from the document frozen when it was issued. */
export async function taxInvoiceFiles(deps: Pick<Deps, 'db'>, id: number) {
  return taxDocumentFiles((await invoiceDocument(deps, id)).document);
}

/** A credit note's XML and PDF, for a refund of the invoice's sale that gave one. */
export async function creditNoteFiles(deps: Pick<Deps, 'db'>, id: number, refundId: number) {
  const { row, document } = await invoiceDocument(deps, id);
  const refunds = await findCreditNoteRefunds(deps.db.kysely, row.sale_id);
  const note = creditNoteDocument({ number: row.number, document }, refunds, refundId);
  if (!note) throw notFound('CREDIT_NOTE_NOT_FOUND');
  return taxDocumentFiles(note);
}

/** A sale's full tax invoice as issued, or null when it has only its short one (for the receipt printer). */
export async function taxInvoiceDocumentOfSale(db: DbExecutor, saleId: number): Promise<TaxInvoiceDocument | null> {
  const row = await findTaxInvoiceDocumentOfSale(db, saleId);
  return row ? (JSON.parse(row.document) as TaxInvoiceDocument) : null;
}

/**
 * The credit note (86/10) of a refund of a sale with a full tax invoice, or null when the sale has only its
 * short one (the roll's refund note then states the refund against the receipt).
 */
export async function creditNoteDocumentOfRefund(
  db: DbExecutor,
  saleId: number,
  refundId: number,
): Promise<CreditNoteDocument | null> {
  const invoice = await findTaxInvoiceDocumentOfSale(db, saleId);
  if (!invoice) return null;
  const refunds = await findCreditNoteRefunds(db, saleId);
  return creditNoteDocument(
    { number: invoice.number, document: JSON.parse(invoice.document) as TaxInvoiceDocument },
    refunds,
    refundId,
  );
}
