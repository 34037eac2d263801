import { vatAppliesTo, type SendEReceiptRequest, type TaxDocumentEmail } from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../http/app-error';
import { findLiveCustomer } from '../customers/customers.queries';
import { findSaleHeads, findSaleLineRows } from '../sale-records/sale-rows.queries';
import { readSettingsShared } from '../settings/settings.service';
import { receiptDocument, receiptTo } from './e-receipt-document';
import { findReceiptEmailsOfSale } from './etax-emails.queries';
import type { ReceiptDocument } from './tax-document';
import { findTaxInvoiceOfSale, lockSaleForInvoice } from './tax-invoices.queries';
import { queueEtaxEmail, toApiEmail, type TaxInvoiceDeps } from './tax-invoices.service';

/**
 * E-mails a sale's e-Receipt (ETDA T01 ใบเสร็จรับเงิน, its PDF/A-3 with the XML inside) through the e-Tax outbox,
 * in one transaction holding the sale's row (so a full invoice or a refund of the sale queues behind it). Only a
 * sale left as it was and without a full tax invoice (that invoice is what the buyer is sent instead), while the
 * shop sends e-Tax documents. Asked again (the customer lost it, or gives another address), it goes again: the
 * receipt first sent, frozen, to the new address.
 */
export async function sendEReceipt(
  deps: TaxInvoiceDeps,
  saleId: number,
  input: z.output<typeof SendEReceiptRequest>,
): Promise<TaxDocumentEmail> {
  const settings = await readSettingsShared(deps.db.kysely);
  if (!settings.etax.enabled) throw conflict('ETAX_DISABLED');
  if (!vatAppliesTo(settings.system)) throw conflict('TAX_INVOICE_SHOP_TAX_ID_MISSING');
  const email = await deps.db.kysely.transaction().execute(async (trx) => {
    const sale = await lockSaleForInvoice(trx, saleId);
    if (!sale) throw notFound('SALE_NOT_FOUND');
    const invoice = await findTaxInvoiceOfSale(trx, saleId);
    if (invoice) throw conflict('E_RECEIPT_HAS_TAX_INVOICE', { details: { number: invoice.number } });
    if (sale.status !== 'completed') throw conflict('E_RECEIPT_SALE_REFUNDED');

    const earlier = (await findReceiptEmailsOfSale(trx, saleId)).find((row) => row.document !== null);
    let document: ReceiptDocument;
    if (earlier?.document) {
      document = receiptTo(JSON.parse(earlier.document) as ReceiptDocument, input.email);
    } else {
      const [[head], lines] = await Promise.all([findSaleHeads(trx, [saleId]), findSaleLineRows(trx, [saleId])]);
      const customer = sale.customer_id === null ? null : ((await findLiveCustomer(trx, sale.customer_id)) ?? null);
      document = receiptDocument({
        timeZone: deps.config.shopTimezone,
        system: settings.system,
        sale: head!,
        lines,
        customer,
        email: input.email,
      });
    }
    const id = await queueEtaxEmail(
      trx,
      { kind: 'receipt', saleId, receipt: JSON.stringify(document) },
      input.email,
      deps.now(),
    );
    const row = (await findReceiptEmailsOfSale(trx, saleId)).find((r) => r.id === id);
    return toApiEmail(row!);
  });
  deps.etaxEmails.wake();
  return email;
}

/** The e-mails of a sale's e-Receipt so far, oldest first: where each stands. */
export async function listEReceiptEmails(deps: Pick<Deps, 'db'>, saleId: number): Promise<TaxDocumentEmail[]> {
  // A sale that does not exist has no list, not an empty one.
  const [sale] = await findSaleHeads(deps.db.kysely, [saleId]);
  if (!sale) throw notFound('SALE_NOT_FOUND');
  const rows = await findReceiptEmailsOfSale(deps.db.kysely, saleId);
  return rows.map(toApiEmail);
}
