import { printerNamed, type StoredSettings } from '@pos/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps';
import { PrinterError, sendToRawPrinter } from '../../integrations/printer/raw-printer';
import { finishRow, retryRowLater } from '../outbox/outbox.queries';
import { backoffMs, createOutboxWorker, drainDueRows, type OutboxWorker } from '../outbox/outbox-runner';
import { readStoredSettings } from '../settings/settings.service';
import { findPrintJobRows, type PrintJobRow } from '../printing/print-jobs.queries';
import { renderJobBytes } from './job-bytes';

/**
 * How print jobs are worked (docs/operations.md tells the same figures). A receipt is wanted now or not at all:
 * a printer that is off is tried a few times over some seconds, then the job shows as failed at the till with
 * "print again", never printed by surprise an hour later.
 */
export const PRINT_OUTBOX = {
  batch: 10,
  leaseMs: 60_000,
  pollMs: 3_000,
  firstRetryMs: 1_000,
  maxRetryMs: 4_000,
  maxAttempts: 3,
} as const;

export interface PrintDrainReport {
  printed: number;
  retried: number;
  failed: number;
}

export type PrintWorker = OutboxWorker<PrintDrainReport>;
type WorkerDeps = Pick<Deps, 'db' | 'config' | 'now'>;

/** The background printer of network print jobs. One per server process; any number may share a database. */
export function createPrintWorker(deps: WorkerDeps, log: FastifyBaseLogger): PrintWorker {
  return createOutboxWorker({ drain: () => drain(deps, log), pollMs: PRINT_OUTBOX.pollMs, log, name: 'print jobs' });
}

async function drain(deps: WorkerDeps, log: FastifyBaseLogger): Promise<PrintDrainReport> {
  const report: PrintDrainReport = { printed: 0, retried: 0, failed: 0 };
  const db = deps.db.kysely;
  const options = { batch: PRINT_OUTBOX.batch, leaseMs: PRINT_OUTBOX.leaseMs, now: deps.now };
  await drainDueRows(db, 'print_jobs', options, async (ids, claimToken) => {
    // Read when printing: the admin may have fixed the printer's address since the job was queued.
    const settings = await readStoredSettings(db);
    for (const row of await findPrintJobRows(db, ids)) {
      report[await printOne(deps, log, row, claimToken, settings)] += 1;
    }
  });
  return report;
}

async function printOne(
  deps: WorkerDeps,
  log: FastifyBaseLogger,
  row: PrintJobRow,
  claimToken: string,
  settings: StoredSettings,
): Promise<'printed' | 'retried' | 'failed'> {
  const db = deps.db.kysely;
  const facts = { printJobId: row.id, printer: row.printer_name, attempt: row.attempts };
  const fail = async (error: string) => {
    await finishRow(db, 'print_jobs', {
      id: row.id,
      claimToken,
      status: 'failed',
      error,
      now: deps.now().toISOString(),
    });
    log.warn({ ...facts, error }, 'print job failed; the till may print it again');
    return 'failed' as const;
  };
  const printer = printerNamed(settings.printing.printers, row.printer_name);
  if (!printer || printer.type !== 'network')
    return fail(`PRINTER_NOT_FOUND: no network printer named ${row.printer_name}`);
  try {
    const bytes = await renderJobBytes(deps, row, printer, settings);
    await sendToRawPrinter(
      {
        host: printer.host,
        port: printer.port,
        allowPublicAddresses: settings.printing.allowPublicAddresses,
        // Only ESC/POS printers answer DLE EOT; StarPRNT has its own status protocol.
        askStatus: printer.language === 'esc-pos',
      },
      bytes,
    );
  } catch (err) {
    if (!(err instanceof PrinterError)) {
      log.error({ ...facts, err }, 'print job: unexpected error');
      return fail(`PRINTER_OFFLINE: ${err instanceof Error ? err.message : 'unexpected error'}`);
    }
    const error = `${err.failure}: ${err.message}`;
    if (err.failure !== 'PRINTER_OFFLINE' || row.attempts >= PRINT_OUTBOX.maxAttempts) return fail(error);
    const delay = backoffMs(row.attempts, PRINT_OUTBOX.firstRetryMs, PRINT_OUTBOX.maxRetryMs);
    await retryRowLater(db, 'print_jobs', {
      id: row.id,
      claimToken,
      error,
      nextAttemptAt: new Date(deps.now().getTime() + delay).toISOString(),
    });
    return 'retried';
  }
  await finishRow(db, 'print_jobs', {
    id: row.id,
    claimToken,
    status: 'sent',
    error: null,
    now: deps.now().toISOString(),
  });
  return 'printed';
}
