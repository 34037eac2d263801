import type { DbExecutor } from '../../db/executor';

/**
 * Outbox rows by id, oldest first, with the frozen document they carry: the invoice's (number and document) for an
 * invoice or a credit note, the row's own for a receipt.
 */
export function findEtaxEmailRows(db: DbExecutor, ids: number[]) {
  return db
    .selectFrom('etax_emails')
    .leftJoin('tax_invoices', 'tax_invoices.id', 'etax_emails.tax_invoice_id')
    .select([
      'etax_emails.id',
      'etax_emails.kind',
      'etax_emails.refund_id',
      'etax_emails.recipient',
      'etax_emails.message_id',
      'etax_emails.attempts',
      'etax_emails.tax_invoice_id',
      'etax_emails.sale_id',
      'etax_emails.document as receipt_document',
      'tax_invoices.number as invoice_number',
      'tax_invoices.document',
    ])
    .where('etax_emails.id', 'in', ids)
    .orderBy('etax_emails.id')
    .execute();
}
export type EtaxEmailRow = Awaited<ReturnType<typeof findEtaxEmailRows>>[number];

/** The outbox for a manager: newest first, of one status or all (or one row by id). */
export function listEtaxEmailRows(db: DbExecutor, filter: { status?: string; id?: number; limit: number }) {
  return db
    .selectFrom('etax_emails')
    .innerJoin('sales', 'sales.id', 'etax_emails.sale_id')
    .leftJoin('tax_invoices', 'tax_invoices.id', 'etax_emails.tax_invoice_id')
    .leftJoin('refunds', 'refunds.id', 'etax_emails.refund_id')
    .select([
      'etax_emails.id',
      'etax_emails.kind',
      'etax_emails.recipient',
      'etax_emails.status',
      'etax_emails.attempts',
      'etax_emails.last_error',
      'etax_emails.created_at',
      'etax_emails.finished_at',
      'etax_emails.tax_invoice_id',
      'etax_emails.sale_id',
      'sales.document_number',
      'tax_invoices.number as invoice_number',
      'refunds.credit_note_number',
    ])
    .$if(filter.status !== undefined, (qb) => qb.where('etax_emails.status', '=', filter.status!))
    .$if(filter.id !== undefined, (qb) => qb.where('etax_emails.id', '=', filter.id!))
    .orderBy('etax_emails.id', 'desc')
    .limit(filter.limit)
    .execute();
}
export type EtaxEmailListRow = Awaited<ReturnType<typeof listEtaxEmailRows>>[number];

/** A failed e-mail queued again from the start: due now, its attempts counted afresh. */
export async function requeueFailedEtaxEmail(db: DbExecutor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('etax_emails')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, finished_at: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A sale's receipt e-mails, oldest first (the first one's document is the receipt as first given out). */
export function findReceiptEmailsOfSale(db: DbExecutor, saleId: number) {
  return db
    .selectFrom('etax_emails')
    .select(['id', 'kind', 'refund_id', 'recipient', 'status', 'attempts', 'last_error', 'finished_at', 'document'])
    .where('sale_id', '=', saleId)
    .where('kind', '=', 'receipt')
    .orderBy('id')
    .execute();
}

export function findEtaxEmailStatus(db: DbExecutor, id: number) {
  return db.selectFrom('etax_emails').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
}
