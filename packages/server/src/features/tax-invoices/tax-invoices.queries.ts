import type { Insertable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { EtaxEmailsTable, TaxInvoicesTable } from '../../db/schema';

/** The sale an invoice is asked for, its row held so an invoice and a refund of one sale queue up. */
export function lockSaleForInvoice(db: DbExecutor, saleId: number) {
  return db
    .selectFrom('sales')
    .select(['id', 'status', 'exclude_vat', 'tax_rate_bp', 'tax', 'till_id', 'customer_id'])
    .where('id', '=', saleId)
    .forUpdate()
    .executeTakeFirst();
}

export function findTaxInvoiceOfSale(db: DbExecutor, saleId: number) {
  return db
    .selectFrom('tax_invoices')
    .select(['id', 'number', 'buyer_email'])
    .where('sale_id', '=', saleId)
    .executeTakeFirst();
}

export async function insertTaxInvoice(db: DbExecutor, values: Insertable<TaxInvoicesTable>): Promise<number> {
  const row = await db.insertInto('tax_invoices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const TAX_INVOICE_COLUMNS = [
  'tax_invoices.id',
  'tax_invoices.sale_id',
  'tax_invoices.number',
  'tax_invoices.till_id',
  'tax_invoices.customer_id',
  'tax_invoices.issued_by',
  'tax_invoices.issued_at',
  'tax_invoices.document',
] as const;

export function findTaxInvoiceRow(db: DbExecutor, id: number) {
  return db
    .selectFrom('tax_invoices')
    .innerJoin('users', 'users.id', 'tax_invoices.issued_by')
    .select([...TAX_INVOICE_COLUMNS, 'users.name as issued_by_name'])
    .where('tax_invoices.id', '=', id)
    .executeTakeFirst();
}
export type TaxInvoiceRow = NonNullable<Awaited<ReturnType<typeof findTaxInvoiceRow>>>;

export async function insertEtaxEmail(db: DbExecutor, values: Insertable<EtaxEmailsTable>): Promise<number> {
  const row = await db.insertInto('etax_emails').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The e-mails of an invoice (its own and its credit notes'), oldest first. */
export function findEtaxEmailsOf(db: DbExecutor, taxInvoiceId: number) {
  return db
    .selectFrom('etax_emails')
    .select(['id', 'kind', 'refund_id', 'recipient', 'status', 'attempts', 'last_error', 'finished_at'])
    .where('tax_invoice_id', '=', taxInvoiceId)
    .orderBy('id')
    .execute();
}

/** The full tax invoice of a sale with its frozen document (for the credit notes of the sale's refunds). */
export function findTaxInvoiceDocumentOfSale(db: DbExecutor, saleId: number) {
  return db
    .selectFrom('tax_invoices')
    .select(['id', 'number', 'document'])
    .where('sale_id', '=', saleId)
    .executeTakeFirst();
}

/** The refunds of a sale that gave credit notes, oldest first, with the lines each took back. */
export async function findCreditNoteRefunds(db: DbExecutor, saleId: number) {
  const [refunds, lines] = await Promise.all([
    db
      .selectFrom('refunds')
      .select(['id', 'reason', 'edit_reason', 'amount', 'vat', 'created_at', 'credit_note_number'])
      .where('sale_id', '=', saleId)
      .where('credit_note_number', 'is not', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('refund_items')
      .innerJoin('refunds', 'refunds.id', 'refund_items.refund_id')
      .innerJoin('sale_items', 'sale_items.id', 'refund_items.sale_item_id')
      .select([
        'refund_items.refund_id',
        'sale_items.product_name',
        'sale_items.size',
        'sale_items.color',
        'sale_items.sku',
        'sale_items.barcode',
        'refund_items.quantity',
        'refund_items.amount',
      ])
      .where('refunds.sale_id', '=', saleId)
      .orderBy('refund_items.id')
      .execute(),
  ]);
  return refunds.map((refund) => ({ ...refund, lines: lines.filter((l) => l.refund_id === refund.id) }));
}
export type CreditNoteRefund = Awaited<ReturnType<typeof findCreditNoteRefunds>>[number];
