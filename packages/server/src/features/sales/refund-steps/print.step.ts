import type { DbExecutor } from '../../../db/executor';
import type { SessionUser } from '../../../http/request-user';
import { insertPrintJob } from '../../printing/print-jobs.queries';
import { tillPrintJob } from '../../printing/print-jobs.service';
import { readSettingsForSale } from '../../settings/settings.service';
import type { RefundInput, RefundPlan } from './refund-context';
import { paysCashBack } from './shift.step';

/**
 * Step: the refund's note (credit note, or refund note) on the refunding till's printer, in the refund's
 * transaction, ending with the drawer's pulse when cash goes back out of it (issue 37). Answers whether a job
 * was queued (a till without a printer prints through the browser).
 */
export async function refundPrintJob(
  trx: DbExecutor,
  a: { plan: RefundPlan; input: RefundInput; user: SessionUser; refundId: number; nowIso: string },
): Promise<boolean> {
  const { printing } = (await readSettingsForSale(trx)).settings;
  const job = tillPrintJob(printing, {
    kind: 'credit_note',
    tillId: a.input.tillId ?? null,
    userId: a.user.id,
    nowIso: a.nowIso,
    openDrawer: paysCashBack(a.plan),
    refundId: a.refundId,
  });
  if (job) await insertPrintJob(trx, job);
  return job !== null;
}
