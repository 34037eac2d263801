import type { StoredSettings } from '@pos/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps';
import { sendMail, SmtpSendError } from '../../integrations/smtp/send-mail';
import { finishRow, retryRowLater } from '../outbox/outbox.queries';
import { backoffMs, createOutboxWorker, drainDueRows, type OutboxWorker } from '../outbox/outbox-runner';
import { readStoredSettings } from '../settings/settings.service';
import { findEtaxEmailRows, type EtaxEmailRow } from './etax-emails.queries';
import type { ReceiptDocument, TaxDocument, TaxInvoiceDocument } from './tax-document';
import { taxDocumentFiles } from './tax-document-files';
import { creditNoteDocument } from './tax-invoice-document';
import { findCreditNoteRefunds } from './tax-invoices.queries';

/** How the e-Tax outbox is worked (docs/selling-rules.md tells the same figures). */
export const ETAX_OUTBOX = {
  batch: 10,
  /** A claimed row is another worker's to take again after this (longer than a send may last, PDF included). */
  leaseMs: 5 * 60_000,
  pollMs: 10_000,
  /** 1 min, 2 min, 4 min, … up to 2 hours between tries; given up after about a day. */
  firstRetryMs: 60_000,
  maxRetryMs: 2 * 60 * 60_000,
  maxAttempts: 16,
} as const;

export interface EtaxDrainReport {
  sent: number;
  retried: number;
  failed: number;
}

export type EtaxWorker = OutboxWorker<EtaxDrainReport>;

type WorkerDeps = Pick<Deps, 'db' | 'config' | 'now'>;

/** The background sender of e-Tax e-mails. One per server process; any number may share a database. */
export function createEtaxWorker(deps: WorkerDeps, log: FastifyBaseLogger): EtaxWorker {
  return createOutboxWorker({ drain: () => drain(deps, log), pollMs: ETAX_OUTBOX.pollMs, log, name: 'e-Tax outbox' });
}

async function drain(deps: WorkerDeps, log: FastifyBaseLogger): Promise<EtaxDrainReport> {
  const report: EtaxDrainReport = { sent: 0, retried: 0, failed: 0 };
  const db = deps.db.kysely;
  const options = { batch: ETAX_OUTBOX.batch, leaseMs: ETAX_OUTBOX.leaseMs, now: deps.now };
  await drainDueRows(db, 'etax_emails', options, async (ids, claimToken) => {
    // Read when sending: the owner may have fixed the SMTP settings since the document was issued.
    const settings = await readStoredSettings(db);
    for (const row of await findEtaxEmailRows(db, ids)) {
      report[await sendOne(deps, log, row, claimToken, settings)] += 1;
    }
  });
  return report;
}

/** Why the shop cannot send now, or null: e-Tax switched off, or its SMTP settings incomplete. */
function notSendable(settings: StoredSettings): string | null {
  if (!settings.etax.enabled) return 'e-Tax by e-mail is switched off in the settings';
  if (settings.etax.smtpHost === '' || settings.etax.senderAddress === '') {
    return 'the SMTP server or the sender address is not set';
  }
  return null;
}

async function documentOf(deps: WorkerDeps, row: EtaxEmailRow): Promise<TaxDocument> {
  if (row.kind === 'receipt' && row.receipt_document) return JSON.parse(row.receipt_document) as ReceiptDocument;
  if (row.invoice_number === null || row.document === null) throw new Error(`e-mail ${row.id} carries no document`);
  const invoice = { number: row.invoice_number, document: JSON.parse(row.document) as TaxInvoiceDocument };
  if (row.kind !== 'credit_note' || row.refund_id === null) return invoice.document;
  const note = creditNoteDocument(invoice, await findCreditNoteRefunds(deps.db.kysely, row.sale_id), row.refund_id);
  if (!note) throw new Error(`refund ${row.refund_id} has no credit note`);
  return note;
}

/** The subject and text of the message, in Thai: what the document is, its number, and who sends it. */
function messageOf(doc: TaxDocument): { subject: string; text: string } {
  const title = { credit_note: 'ใบลดหนี้', tax_invoice: 'ใบเสร็จรับเงิน/ใบกำกับภาษี', receipt: 'ใบเสร็จรับเงิน' }[doc.kind];
  const walkIn = doc.kind === 'receipt' && doc.walkIn;
  return {
    subject: `${title} เลขที่ ${doc.number} จาก ${doc.seller.name}`,
    text: [
      walkIn ? 'เรียน ลูกค้า' : `เรียน ${doc.buyer.name}`,
      '',
      `${doc.seller.name} ขอส่ง${title}อิเล็กทรอนิกส์ (e-Tax Invoice by Email) เลขที่ ${doc.number}`,
      'ตามไฟล์ PDF และ XML ที่แนบมา ฉบับนี้ส่งสำเนาถึงระบบประทับรับรองเวลาของ สพธอ. (ETDA)',
      '',
      `${doc.seller.name} เลขประจำตัวผู้เสียภาษี ${doc.seller.taxId}`,
    ].join('\n'),
  };
}

async function sendOne(
  deps: WorkerDeps,
  log: FastifyBaseLogger,
  row: EtaxEmailRow,
  claimToken: string,
  settings: StoredSettings,
): Promise<'sent' | 'retried' | 'failed'> {
  const db = deps.db.kysely;
  const facts = { etaxEmailId: row.id, taxInvoiceId: row.tax_invoice_id, attempt: row.attempts };
  const fail = async (error: string) => {
    await finishRow(db, 'etax_emails', {
      id: row.id,
      claimToken,
      status: 'failed',
      error,
      now: deps.now().toISOString(),
    });
    log.error({ ...facts, error }, 'e-Tax e-mail failed; a manager may send it again');
    return 'failed' as const;
  };
  const blocked = notSendable(settings);
  if (blocked) return fail(blocked);
  try {
    const doc = await documentOf(deps, row);
    const files = await taxDocumentFiles(doc);
    const { etax, system } = settings;
    await sendMail(
      {
        host: etax.smtpHost,
        port: etax.smtpPort,
        secure: etax.smtpSecure,
        user: etax.smtpUser,
        password: deps.config.etaxSmtpPassword,
      },
      {
        from: { name: system.storeName, address: etax.senderAddress },
        to: row.recipient,
        cc: etax.timestampAddress === '' ? null : etax.timestampAddress,
        ...messageOf(doc),
        messageId: row.message_id,
        attachments: [files.pdf, files.xml],
      },
    );
  } catch (err) {
    const error = err instanceof Error ? err.message : 'unexpected error';
    if (!(err instanceof SmtpSendError)) log.error({ ...facts, err }, 'e-Tax e-mail: unexpected error');
    if ((err instanceof SmtpSendError && err.permanent) || row.attempts >= ETAX_OUTBOX.maxAttempts) return fail(error);
    const delay = backoffMs(row.attempts, ETAX_OUTBOX.firstRetryMs, ETAX_OUTBOX.maxRetryMs);
    const nextAttemptAt = new Date(deps.now().getTime() + delay).toISOString();
    await retryRowLater(db, 'etax_emails', { id: row.id, claimToken, error, nextAttemptAt });
    log.warn({ ...facts, error, nextAttemptAt }, 'e-Tax e-mail failed; will retry');
    return 'retried';
  }
  await finishRow(db, 'etax_emails', {
    id: row.id,
    claimToken,
    status: 'sent',
    error: null,
    now: deps.now().toISOString(),
  });
  return 'sent';
}
