import type { DbExecutor } from '../../db/executor';

/** Outbox rows by id, with their invoice's number, sale and frozen document, oldest first. */
export function findEtaxEmailRows(db: DbExecutor, ids: number[]) {
  return db
    .selectFrom('etax_emails')
    .innerJoin('tax_invoices', 'tax_invoices.id', 'etax_emails.tax_invoice_id')
    .select([
      'etax_emails.id',
      'etax_emails.kind',
      'etax_emails.refund_id',
      'etax_emails.recipient',
      'etax_emails.message_id',
      'etax_emails.attempts',
      'tax_invoices.id as tax_invoice_id',
      'tax_invoices.sale_id',
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
    .innerJoin('tax_invoices', 'tax_invoices.id', 'etax_emails.tax_invoice_id')
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
      'tax_invoices.id as tax_invoice_id',
      'tax_invoices.sale_id',
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

export function findEtaxEmailStatus(db: DbExecutor, id: number) {
  return db.selectFrom('etax_emails').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
}
