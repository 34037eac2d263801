import { type EtaxEmail, type ListEtaxEmailsQuery } from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../http/app-error';
import {
  findEtaxEmailStatus,
  listEtaxEmailRows,
  requeueFailedEtaxEmail,
  type EtaxEmailListRow,
} from './etax-emails.queries';

/** The managers' list shows this many, newest first. */
const LIST_LIMIT = 200;

/** The number of the document an e-mail carries: a credit note's, the invoice's, or a receipt's (the sale's own). */
function documentNumberOf(row: EtaxEmailListRow): string {
  if (row.kind === 'credit_note' && row.credit_note_number) return row.credit_note_number;
  return row.invoice_number ?? row.document_number;
}

function toApiEtaxEmail(row: EtaxEmailListRow): EtaxEmail {
  return {
    id: row.id,
    kind: row.kind === 'credit_note' || row.kind === 'receipt' ? row.kind : 'tax_invoice',
    documentNumber: documentNumberOf(row),
    taxInvoiceId: row.tax_invoice_id,
    saleId: row.sale_id,
    to: row.recipient,
    status: row.status === 'sent' || row.status === 'pending' ? row.status : 'failed',
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export async function listEtaxEmails(
  deps: Pick<Deps, 'db'>,
  query: z.output<typeof ListEtaxEmailsQuery>,
): Promise<EtaxEmail[]> {
  const rows = await listEtaxEmailRows(deps.db.kysely, { status: query.status, limit: LIST_LIMIT });
  return rows.map(toApiEtaxEmail);
}

/** "Send again" for a failed e-mail: queued afresh and the worker woken; a sent or waiting one is refused. */
export async function resendEtaxEmail(deps: Pick<Deps, 'db' | 'now' | 'etaxEmails'>, id: number): Promise<EtaxEmail> {
  const db = deps.db.kysely;
  const requeued = await requeueFailedEtaxEmail(db, id, deps.now().toISOString());
  if (!requeued) {
    const row = await findEtaxEmailStatus(db, id);
    throw row ? conflict('ETAX_EMAIL_NOT_FAILED') : notFound('ETAX_EMAIL_NOT_FOUND');
  }
  deps.etaxEmails.wake();
  const [row] = await listEtaxEmailRows(db, { id, limit: 1 });
  return toApiEtaxEmail(row!);
}
